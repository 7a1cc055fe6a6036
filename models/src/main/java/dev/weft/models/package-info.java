/**
 * The embedder registry, and the module's front door: {@link dev.weft.models.EmbedderSpecs} is the one place that reads
 * an {@code --embedder} value, writes a spec back for the manifest, rebuilds a spec from a stored vector identity,
 * names the default model and lists the accepted forms for help texts. Each kind of embedder is one
 * {@code EmbedderProvider} in {@code EmbedderSpecs.PROVIDERS}, so the CLI, the facade and the Beam options all derive
 * from one list.
 *
 * <p>Read {@link dev.weft.models.EmbedderSpecs} first; adding an embedder is the three steps of docs/design.md ("Adding
 * an embedder").
 *
 * <p>May import: {@code context.embed}, the JDK and this module's own packages (one per embedder kind). Must not import
 * Beam, Lucene, {@code lucene-index} or any module above it (docs/design.md, {@code LayeringTest}).
 */
package dev.weft.models;
