package dev.weft.context.embed;

import java.util.Objects;

/**
 * A batch that could not be embedded; the caller keeps the chunks and indexes them without vectors. The
 * {@link #reason()} is what the run counts ({@code embed_failed.<reason>}) and writes in each chunk's dead letter.
 */
public final class EmbeddingException extends RuntimeException {
  private final EmbedFailureReason reason;

  public EmbeddingException(String message) {
    this(EmbedFailureReason.EMBEDDER_ERROR, message);
  }

  public EmbeddingException(String message, Throwable cause) {
    this(EmbedFailureReason.EMBEDDER_ERROR, message, cause);
  }

  public EmbeddingException(EmbedFailureReason reason, String message) {
    super(message);
    this.reason = Objects.requireNonNull(reason, "reason");
  }

  public EmbeddingException(EmbedFailureReason reason, String message, Throwable cause) {
    super(message, cause);
    this.reason = Objects.requireNonNull(reason, "reason");
  }

  public EmbedFailureReason reason() {
    return reason;
  }
}
