/**
 * What a published generation records about itself, as plain records: the
 * {@link dev.weft.context.generation.GenerationManifest} (the Lucene commit readers open, the run's counters, the
 * embedder identity and vector counts), the {@code CorpusSource} its items came from (a directory tree or a dataset
 * file, so {@code get} reads them back from the same place) and the {@code RequestedEmbedder} a later
 * {@code embed-missing} reuses. The index layer writes and reads manifests; the facade and the pipelines read them
 * without opening Lucene.
 *
 * <p>Read {@link dev.weft.context.generation.GenerationManifest} first, then docs/index-format.md.
 *
 * <p>May import: the JDK, Jackson and {@code context.embed}. Must not import Lucene or the index layer: how a manifest
 * is published (temp file, atomic rename of {@code CURRENT}) belongs to {@code dev.weft.index}. Manifests written by
 * older versions must keep reading (absent fields read as none).
 */
package dev.weft.context.generation;
