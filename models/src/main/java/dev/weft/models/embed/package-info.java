/**
 * What every embedder implementation shares, below the registry: the {@link dev.weft.models.embed.EmbedderProvider}
 * contract (the {@code --embedder} forms one kind reads, the spec it writes back, the identity it rebuilds from, its
 * help line), {@code QueryEmbedder} for models that embed a query differently from a passage, {@code SpecParts} for
 * parsing spec strings alike, and {@code Vectors}, the rules every vector obeys (unit length; a blank text is a zero
 * vector made without calling a model).
 *
 * <p>Read {@link dev.weft.models.embed.EmbedderProvider} first.
 *
 * <p>May import: the JDK and {@code context.embed}. Must not import a model runtime or any embedder package ({@code
 * models.onnx}, {@code models.openai}, {@code models.hash}): they depend on this package, not the reverse.
 */
package dev.weft.models.embed;
