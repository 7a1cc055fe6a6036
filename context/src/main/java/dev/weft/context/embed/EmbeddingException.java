package dev.weft.context.embed;

/** A batch that could not be embedded; the caller keeps the chunks and indexes them without vectors. */
public final class EmbeddingException extends RuntimeException {
  public EmbeddingException(String message) {
    super(message);
  }

  public EmbeddingException(String message, Throwable cause) {
    super(message, cause);
  }
}
