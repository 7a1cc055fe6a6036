package dev.weft.jobs.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.weft.jobs.warm.NativeClient;
import dev.weft.jobs.warm.WarmFixture;
import java.io.IOException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The golden end-to-end test once more, every call (the index too) a process of the native client the launcher
 * runs first, answered by a warm server. Skipped only where the build had no gcc (then the launcher has no native
 * client either).
 */
class NativeWarmGoldenCorpusTest extends GoldenCorpusTest {
  private static WarmFixture warm;

  @BeforeAll
  static void indexWarm() throws IOException {
    assumeTrue(NativeClient.built(), "no native client: the build found no gcc");
    warm = WarmFixture.startNative(tmp.resolve("native"));
    cli = args -> {
      WarmFixture.Result result = warm.run(args);
      return new CliRun(result.exit(), result.out(), result.err());
    };
    indexInto("native-corpus", "native-index");
  }

  @AfterAll
  static void stopServer() {
    cli = CliRun::of;
    if (warm != null) {
      warm.close();
    }
  }
}
