/**
 * The embedding contract, without any model: {@link dev.weft.context.embed.Embedder} (a batch of texts to vectors), the
 * serializable {@code EmbedderSpec} Beam ships to workers to build one, the {@code EmbedderIdentity} that travels with
 * every vector so vectors of different models are never compared, and the fixed set of {@code EmbedFailureReason}s a
 * run counts. It lives in {@code context} so the index, the ledger and the memory can hold and check vectors without
 * depending on {@code models}, where the implementations are.
 *
 * <p>Read {@link dev.weft.context.embed.EmbedderIdentity} first: every refusal of a mixture of models is a comparison
 * of two of them.
 *
 * <p>May import: the JDK and Jackson. Must not import {@code models} (which implements these interfaces), any model
 * runtime (onnxruntime, an HTTP client), Beam or Lucene.
 */
package dev.weft.context.embed;
