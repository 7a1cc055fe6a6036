package dev.weft.jobs.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.IndexBusyException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/** Every exception becomes one line and an exit status a scheduler can act on. */
class FailuresTest {
  @Test
  void aWeftFailureKeepsItsStatusEvenWhenWrapped() {
    IndexBusyException busy = new IndexBusyException("cannot index /x", Path.of("/x/lucene/write.lock"), null);

    Failures.Classified classified = Failures.classify(new RuntimeException(new ExecutionException(busy)));

    assertThat(classified.status()).isEqualTo(ExitStatus.BUSY);
    assertThat(classified.line()).contains("/x/lucene/write.lock", "--wait SECONDS");
  }

  @Test
  void anIoFailureIsExitFiveAndNamesWhatTheSystemRefused() {
    UncheckedIOException full = new UncheckedIOException("cannot commit generation 4",
        new IOException("No space left on device"));

    Failures.Classified classified = Failures.classify(full);

    assertThat(classified.status()).isEqualTo(ExitStatus.IO_FAILURE);
    assertThat(classified.line()).startsWith("cannot commit generation 4: java.io.IOException: No space left on device")
        .contains("check the disk");
  }

  @Test
  void aRefusedConnectionPointsAtTheServerNotTheDisk() {
    IllegalStateException refused = new IllegalStateException("ingest pipeline on FlinkRunner failed over 12 files",
        new IOException("could not submit the job", new ConnectException("Connection refused: localhost/127.0.0.1:8081")));

    Failures.Classified classified = Failures.classify(refused);

    assertThat(classified.status()).isEqualTo(ExitStatus.IO_FAILURE);
    assertThat(classified.line()).contains("Connection refused: localhost/127.0.0.1:8081",
        "check that the server it names is running and reachable").doesNotContain("check the disk");
  }

  @Test
  void badInputIsExitTwoAndADefectIsSeventyWithAWayOut() {
    assertThat(Failures.classify(new IllegalArgumentException("k must be at least 1, got: 0")))
        .isEqualTo(new Failures.Classified(ExitStatus.BAD_INPUT, "k must be at least 1, got: 0"));
    Failures.Classified bug = Failures.classify(new NullPointerException("x"));
    assertThat(bug.status().code()).isEqualTo(70);
    assertThat(bug.line()).contains("NullPointerException", "--verbose");
  }

  @Test
  void aMultiLineMessageIsPrintedOnOneLine() {
    StringWriter err = new StringWriter();

    int code = Failures.report(new IllegalArgumentException("first\nsecond"), new PrintWriter(err), false);

    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).isEqualTo("weft: first\\nsecond\n");
  }
}
