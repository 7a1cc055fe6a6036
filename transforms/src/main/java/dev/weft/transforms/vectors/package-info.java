/**
 * Giving chunks their vectors, one rule for both executors and {@code embed-missing}:
 * {@link dev.weft.transforms.vectors.ChunkEmbedder} reuses a vector the index already holds for the same text and model
 * ({@code VectorReuse}, keyed by {@code ChunkTextHash} of {@code EmbeddedText}), embeds the rest in batches, and keeps
 * a chunk whose batch failed, without a vector and with its reason counted; a {@code CircuitBreaker} stops a run from
 * calling a dead endpoint batch after batch.
 *
 * <p>Read {@link dev.weft.transforms.vectors.ChunkEmbedder} first.
 *
 * <p>May import: the JDK, {@code dev.weft.context}, {@code context.embed} and {@code transforms.ingest}. Part of the
 * ingest core: must not import Beam, Lucene, {@code dev.weft.index} or an embedder implementation ({@code
 * LayeringTest}); the embedder arrives as a {@code context.embed} interface, and the index's vectors as
 * {@code VectorReuse}.
 */
package dev.weft.transforms.vectors;
