package dev.weft.context;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * SHA-256 of a text (UTF-8), lower-case hex. Vectors are reused by this hash of what was embedded,
 * {@link EmbeddedText#hash}: for a doc chunk its text only, so the same text moved to another file or line keeps
 * its vector; for a code chunk the text with its header, so a moved or renamed one is embedded again.
 * Callers hash with this class so their keys match what the index stores (the index keeps the raw
 * {@link #digest} bytes as its term).
 */
public final class ChunkTextHash {
  private static final HexFormat HEX = HexFormat.of();
  /** Every chunk written is hashed: one digest per thread instead of a provider lookup per chunk. */
  private static final ThreadLocal<MessageDigest> SHA256 = ThreadLocal.withInitial(ChunkTextHash::sha256);

  private ChunkTextHash() {}

  public static String of(String text) {
    return HEX.formatHex(digest(Objects.requireNonNull(text, "text")));
  }

  /** The 32 raw digest bytes of {@code text}: what {@link #of} spells in hex. */
  public static byte[] digest(String text) {
    // digest() resets the instance for the next use
    return SHA256.get().digest(text.getBytes(StandardCharsets.UTF_8));
  }

  /** The raw bytes of a hex hash, or null when the string is not one (it then matches nothing). */
  public static byte[] parseHex(String hash) {
    if (hash == null || hash.length() != 64) {
      return null;
    }
    try {
      return HEX.parseHex(hash);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by every Java platform", e);
    }
  }
}
