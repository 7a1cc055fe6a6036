/**
 * Embedding through an OpenAI-compatible {@code POST /v1/embeddings} (OpenAI, vLLM, Hugging Face TEI, Ollama): the
 * {@code openai:<model>@<baseUrl>#<dims>[?options]} spec, its provider and the embedder, which sends texts in batches
 * and puts each response back in order. The spec holds the name of the API key's environment variable, never the key,
 * so it can be logged, serialized and shipped to Beam workers.
 *
 * <p>Read {@link dev.weft.models.openai.OpenAiEmbedder} first.
 *
 * <p>May import: the JDK, Jackson, {@code context.embed}, {@code models.embed} and {@code models.http} (every call goes
 * through {@code JsonHttp}). Must not open its own HTTP client or import onnxruntime, Beam or Lucene.
 */
package dev.weft.models.openai;
