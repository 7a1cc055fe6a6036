package dev.weft.transforms.ingest;

import dev.weft.context.ContentHash;
import dev.weft.context.DeadLetter;
import dev.weft.context.FileTypes;
import dev.weft.context.SkipReason;
import dev.weft.context.SourceDocument;
import dev.weft.transforms.route.Route;
import java.io.IOException;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Reads one file under a corpus root and decides whether it can be indexed. Bad input is never thrown:
 * binary files, undecodable text, files over the size cap, unreadable files and symlinks that lead out of
 * the root come back as a {@link ReadOutcome.Refused} naming the rule and the value.
 */
public final class SourceReader implements Serializable {
  public static final long DEFAULT_MAX_BYTES = 2L * 1024 * 1024;

  private final long maxBytes;

  private SourceReader(long maxBytes) {
    this.maxBytes = maxBytes;
  }

  public static SourceReader withDefaults() {
    return new SourceReader(DEFAULT_MAX_BYTES);
  }

  public SourceReader withMaxBytes(long bytes) {
    if (bytes < 1) {
      throw new IllegalArgumentException("max file bytes must be at least 1, got: " + bytes);
    }
    return new SourceReader(bytes);
  }

  public long maxBytes() {
    return maxBytes;
  }

  /** Reads {@code root/relPath}; {@code relPath} uses {@code /} separators. */
  public ReadOutcome read(Path root, String relPath, Route route) {
    Path file = root.resolve(relPath);
    try {
      BasicFileAttributes attrs = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      if (attrs.isSymbolicLink()) {
        Path target = file.toRealPath();
        if (!target.startsWith(root.toRealPath())) {
          return refused(relPath, SkipReason.SYMLINK_OUTSIDE_ROOT, "symlink must stay inside the corpus root, "
              + "got target: " + target);
        }
        attrs = Files.readAttributes(target, BasicFileAttributes.class);
      }
      if (!attrs.isRegularFile()) { // a FIFO would block the read until a writer came
        return refused(relPath, SkipReason.SPECIAL_FILE, "item must be a regular file, got "
            + FileTypes.describe(file, attrs) + ": " + relPath);
      }
      if (attrs.size() > maxBytes) {
        return tooLarge(relPath, attrs.size());
      }
      byte[] bytes = Files.readAllBytes(file);
      if (bytes.length > maxBytes) { // grew between stat and read
        return tooLarge(relPath, bytes.length);
      }
      return decode(relPath, route, bytes, attrs.lastModifiedTime().toMillis());
    } catch (IOException | SecurityException e) {
      return refused(relPath, SkipReason.UNREADABLE, "file must be readable, got: " + e);
    }
  }

  /** Decides on bytes already in hand (a file, or a record of a dataset). */
  public ReadOutcome decode(String relPath, Route route, byte[] bytes, long mtimeMillis) {
    int nul = indexOfNul(bytes);
    if (nul >= 0) {
      return refused(relPath, SkipReason.BINARY, "text must not contain NUL bytes, got one at byte offset " + nul);
    }
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      return refused(relPath, SkipReason.UNDECODABLE, "text must be valid UTF-8, got: " + e.getMessage());
    }
    if (!text.isEmpty() && text.charAt(0) == '\uFEFF') {
      text = text.substring(1); // a byte-order mark is not content and would shift the first token
    }
    SourceDocument doc = new SourceDocument(relPath, route.kind(), route.format(), text, ContentHash.of(bytes),
        mtimeMillis, bytes.length);
    return new ReadOutcome.Read(doc);
  }

  private ReadOutcome tooLarge(String relPath, long size) {
    return refused(relPath, SkipReason.TOO_LARGE, "file size must be at most " + maxBytes + " bytes, got: " + size);
  }

  private static ReadOutcome refused(String relPath, SkipReason reason, String detail) {
    return new ReadOutcome.Refused(new DeadLetter(relPath, "read", reason.counter(), detail));
  }

  private static int indexOfNul(byte[] bytes) {
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == 0) {
        return i;
      }
    }
    return -1;
  }
}
