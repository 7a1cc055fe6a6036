package dev.weft.context;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Names what a path is when it is not a regular file, for messages that say why it was refused. Java's
 * {@link BasicFileAttributes#isOther()} lumps FIFOs, sockets and devices together; the {@code unix:mode}
 * attribute tells them apart where the platform has it.
 */
public final class FileTypes {
  private static final int TYPE_MASK = 0170000;
  private static final int FIFO = 0010000;
  private static final int CHARACTER_DEVICE = 0020000;
  private static final int BLOCK_DEVICE = 0060000;
  private static final int SOCKET = 0140000;

  private FileTypes() {}

  /**
   * What {@code file} is, with an article: {@code a FIFO (named pipe)}, {@code a socket}, {@code a character
   * device}, {@code a block device}, {@code a directory}, {@code a symbolic link}, {@code a regular file}, or
   * {@code a special file} when the platform cannot say more.
   *
   * @param attrs the attributes already read for {@code file} (following links or not, as the caller chose)
   */
  public static String describe(Path file, BasicFileAttributes attrs, LinkOption... options) {
    if (attrs.isRegularFile()) {
      return "a regular file";
    }
    if (attrs.isDirectory()) {
      return "a directory";
    }
    if (attrs.isSymbolicLink()) {
      return "a symbolic link";
    }
    try {
      Object mode = Files.getAttribute(file, "unix:mode", options);
      if (mode instanceof Integer bits) {
        return switch (bits & TYPE_MASK) {
          case FIFO -> "a FIFO (named pipe)";
          case SOCKET -> "a socket";
          case CHARACTER_DEVICE -> "a character device";
          case BLOCK_DEVICE -> "a block device";
          default -> "a special file";
        };
      }
      return "a special file";
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException e) {
      return "a special file"; // the name of the type is a courtesy; the refusal stands without it
    }
  }
}
