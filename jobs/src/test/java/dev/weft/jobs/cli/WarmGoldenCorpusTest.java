package dev.weft.jobs.cli;

import dev.weft.jobs.warm.WarmFixture;
import java.io.IOException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The golden end-to-end test again, every call (the index too) through a warm server and its client. */
class WarmGoldenCorpusTest extends GoldenCorpusTest {
  private static WarmFixture warm;

  /** After the cold {@code @BeforeAll}: a second golden index, written by the warm server, is the one asserted. */
  @BeforeAll
  static void indexWarm() throws IOException {
    warm = WarmFixture.start(tmp.resolve("warm"));
    cli = args -> {
      WarmFixture.Result result = warm.run(args);
      return new CliRun(result.exit(), result.out(), result.err());
    };
    indexInto("warm-corpus", "warm-index");
  }

  @AfterAll
  static void stopServer() {
    cli = CliRun::of;
    warm.close();
  }
}
