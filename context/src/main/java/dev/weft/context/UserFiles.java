package dev.weft.context;

import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.StorageFailureException;
import dev.weft.context.error.WeftException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Reads a file a user names on the command line (evidence, a program, a run report, a dataset) the way {@code get}
 * reads an item: only a regular file (a FIFO blocks its reader until a writer comes, {@code /dev/zero} never ends),
 * and never more than a bound. A missing file, one that is not a regular file, or one over the bound is bad input
 * (exit 2) naming the file; only a read the system refuses is an I/O failure (exit 5).
 */
public final class UserFiles {
  private UserFiles() {}

  /**
   * The bytes of {@code file}, at most {@code maxBytes} of them.
   *
   * @param what what the file is, for the message: {@code the evidence file}, {@code the program}
   * @param wayOut what to do instead, ending the message: {@code pass a JSON file}
   */
  public static byte[] read(Path file, String what, long maxBytes, String wayOut) {
    BasicFileAttributes attrs = requireRegularFile(file, what, wayOut);
    if (attrs.size() > maxBytes) {
      throw tooLarge(file, what, maxBytes, wayOut);
    }
    return readStream(file, what, maxBytes, wayOut);
  }

  /**
   * As {@link #read}, without the regular-file check: for the one pipe a user may name on purpose,
   * {@code /dev/stdin}, read as what was piped in. Still never more than {@code maxBytes}.
   */
  public static byte[] readStream(Path file, String what, long maxBytes, String wayOut) {
    if (maxBytes < 1 || maxBytes > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("maxBytes must be between 1 and " + (Integer.MAX_VALUE - 8) + ", got: "
          + maxBytes);
    }
    try (InputStream in = Files.newInputStream(file)) {
      byte[] bytes = in.readNBytes((int) maxBytes + 1);
      if (bytes.length > maxBytes) { // it grew between the stat and the read, or a pipe holds more
        throw tooLarge(file, what, maxBytes, wayOut);
      }
      return bytes;
    } catch (NoSuchFileException e) {
      throw missing(file, what, wayOut);
    } catch (IOException e) {
      throw new StorageFailureException(file, "cannot read " + what + " " + file + ": " + e.getMessage()
          + "; make it readable by this user, or " + wayOut, e);
    }
  }

  /**
   * The attributes of {@code file} (links followed: the user named it) when it is a regular file; refuses anything
   * else by name before it is opened. The check and a later open are two system calls, so a file swapped for a FIFO
   * between them can still block; Java has no non-blocking open to close that window.
   */
  public static BasicFileAttributes requireRegularFile(Path file, String what, String wayOut) {
    BasicFileAttributes attrs;
    try {
      attrs = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (NoSuchFileException e) {
      throw missing(file, what, wayOut);
    } catch (IOException e) {
      throw new StorageFailureException(file, "cannot read " + what + " " + file + ": " + e.getMessage()
          + "; make it readable by this user, or " + wayOut, e);
    }
    if (!attrs.isRegularFile()) {
      throw new WeftException(ExitStatus.BAD_INPUT, what + " must be a regular file, got "
          + FileTypes.describe(file, attrs) + ": " + file + "; " + wayOut);
    }
    return attrs;
  }

  private static WeftException missing(Path file, String what, String wayOut) {
    return new WeftException(ExitStatus.BAD_INPUT, what + " " + file + " does not exist; " + wayOut);
  }

  private static WeftException tooLarge(Path file, String what, long maxBytes, String wayOut) {
    return new WeftException(ExitStatus.BAD_INPUT, what + " " + file + " is larger than " + maxBytes
        + " bytes, the bound on what weft reads of it; " + wayOut);
  }
}
