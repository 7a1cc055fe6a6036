package dev.weft.jobs.mcp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Reads newline-delimited messages holding at most {@code maxBytes} of one line in memory: a longer line is read
 * to its end and dropped, counting its bytes, so a client that sends 1 GiB without a newline costs the server a
 * count, not a gigabyte. (BufferedReader.readLine has no cap.) A trailing {@code \r} is dropped as readLine drops
 * it.
 */
final class LineReader {
  /** One line, or the size of one that was too long. */
  sealed interface Line {}

  record Text(String text) implements Line {}

  /** A line of {@code bytes} bytes (its newline not counted) that exceeded the cap. */
  record TooLong(long bytes) implements Line {}

  private final InputStream in;
  private final int maxBytes;
  private final byte[] chunk = new byte[8192];
  private int pos;
  private int end;

  LineReader(InputStream in, int maxBytes) {
    this.in = Objects.requireNonNull(in, "in");
    if (maxBytes < 1) {
      throw new IllegalArgumentException("the line cap must be at least 1 byte, got: " + maxBytes);
    }
    this.maxBytes = maxBytes;
  }

  /** The next line, or null at the end of input (a last line without a newline is still a line). */
  Line next() throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream(Math.min(maxBytes, 8192));
    long size = 0;
    boolean any = false;
    while (true) {
      if (pos == end) {
        end = in.read(chunk);
        pos = 0;
        if (end <= 0) {
          end = 0;
          return any ? finish(line, size) : null;
        }
      }
      any = true;
      int start = pos;
      while (pos < end && chunk[pos] != '\n') {
        pos++;
      }
      int length = pos - start;
      if (size + length <= maxBytes) {
        line.write(chunk, start, length);
      } else if (line.size() > 0) {
        line.reset(); // over the cap: what was kept is dropped, only the count goes on
      }
      size += length;
      if (pos < end) {
        pos++; // the newline
        return finish(line, size);
      }
    }
  }

  private Line finish(ByteArrayOutputStream line, long size) {
    if (size > maxBytes) {
      return new TooLong(size);
    }
    byte[] bytes = line.toByteArray();
    int length = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
    return new Text(new String(bytes, 0, length, StandardCharsets.UTF_8));
  }
}
