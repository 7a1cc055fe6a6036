package dev.weft.jobs.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The cap on a message line: kept up to the cap, counted past it, never held. */
class LineReaderTest {
  @Test
  void linesUpToTheCapAreReadAndLongerOnesCountedNotKept() throws IOException {
    String text = "ab\r\n" + "x".repeat(1024) + "\n" + "y".repeat(1025) + "\n\nh\u00e9";
    LineReader reader = new LineReader(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), 1024);

    assertThat(reader.next()).isEqualTo(new LineReader.Text("ab"));
    assertThat(reader.next()).isEqualTo(new LineReader.Text("x".repeat(1024)));
    assertThat(reader.next()).isEqualTo(new LineReader.TooLong(1025));
    assertThat(reader.next()).isEqualTo(new LineReader.Text(""));
    assertThat(reader.next()).isEqualTo(new LineReader.Text("h\u00e9"));
    assertThat(reader.next()).isNull();
  }

  @Test
  void aLineFarOverTheCapIsCountedToItsEndAndTheNextLineRead() throws IOException {
    long huge = 256L * 1024 * 1024; // 256 MiB of 'a', generated, through a 4 KiB cap
    InputStream endless = new InputStream() {
      private long left = huge;

      @Override
      public int read() {
        return left-- > 0 ? 'a' : -1;
      }

      @Override
      public int read(byte[] b, int off, int len) {
        if (left <= 0) {
          return -1;
        }
        int n = (int) Math.min(len, left);
        Arrays.fill(b, off, off + n, (byte) 'a');
        left -= n;
        return n;
      }
    };
    LineReader reader = new LineReader(new SequenceInputStream(endless,
        new ByteArrayInputStream("\nnext\n".getBytes(StandardCharsets.UTF_8))), 4096);

    assertThat(reader.next()).isEqualTo(new LineReader.TooLong(huge));
    assertThat(reader.next()).isEqualTo(new LineReader.Text("next"));
  }
}
