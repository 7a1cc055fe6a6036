package dev.weft.context.embed;

import java.util.Locale;

/**
 * Why chunks were left without a vector: a small fixed set, so runs can be counted per reason
 * ({@code embed_failed.<code>}) and a scheduler can tell a rate limit from a dead endpoint.
 */
public enum EmbedFailureReason {
  /** The server kept answering 429 (rate limited) through the retries. */
  HTTP_429,
  /** The server kept answering a 5xx status through the retries. */
  HTTP_5XX,
  /** The server refused the request with another 4xx status (bad key, unknown model, input too long). */
  HTTP_4XX,
  /** No complete response (headers and body) within the request deadline. */
  TIMEOUT,
  /** Nothing listens at the endpoint (connection refused, unknown host). */
  CONNECT_REFUSED,
  /** Another network failure (connection reset, TLS). */
  IO_ERROR,
  /** A success status whose body is not the expected JSON (an HTML page from a proxy, say). */
  BAD_JSON,
  /** Vectors of another length than the spec's dims. */
  WRONG_DIMS,
  /** Fewer vectors than texts, or indexes missing or repeated. */
  MISSING_VECTORS,
  /** A vector of zeros (no direction, so no cosine) for a chunk. */
  ZERO_VECTOR,
  /** Not sent: the run stopped calling the embedder after too many failed batches in a row. */
  CIRCUIT_OPEN,
  /** Any other failure of the embedder (an in-process model, an interrupted wait). */
  EMBEDDER_ERROR;

  /** The lower-case code used in counters, dead letters and JSON, e.g. {@code http_5xx}. */
  public String code() {
    return name().toLowerCase(Locale.ROOT);
  }
}
