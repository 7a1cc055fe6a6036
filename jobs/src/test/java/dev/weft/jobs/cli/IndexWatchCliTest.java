package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft index --watch} refusals through the CLI: one stderr line, exit 2, before any index is touched. (The
 * windows themselves are driven in pipelines' IndexWatchTest; a stop by signal was tried on the jar, see ingest.md.)
 */
class IndexWatchCliTest {
  @TempDir Path tmp;

  private static void badInput(CliRun run, String message) {
    assertThat(run.exit()).as(run.err()).isEqualTo(2);
    assertThat(run.err().lines()).hasSize(1);
    assertThat(run.err()).startsWith("weft: ").contains(message);
  }

  @Test
  void refusesWhatWouldReDoEverythingEachWindowAndBadDurations() throws IOException {
    Path root = GoldenCorpusTest.copy(GoldenCorpusTest.GOLDEN, tmp.resolve("corpus"));
    String index = tmp.resolve("index").toString();
    Path dataset = Files.writeString(tmp.resolve("d.jsonl"), "{\"_id\":\"a\",\"text\":\"x\"}\n");

    badInput(CliRun.of("index", root.toString(), "--index", index, "--watch", "--force"),
        "--watch takes no --force or --rebuild (every window would re-chunk everything), got: --force");
    badInput(CliRun.of("index", "--dataset", dataset.toString(), "--index", index, "--watch"),
        "--watch watches a directory tree, got a dataset: ");
    badInput(CliRun.of("index", root.toString(), "--index", index, "--watch", "--window", "2 hours"),
        "--window must be a whole number with ms, s, m or h (500ms, 10s, 2m, 1h) or ISO-8601 (PT30S), got: 2 hours");
    badInput(CliRun.of("index", root.toString(), "--index", index, "--watch", "--window", "50ms"),
        "--window must be at least 100ms, got: 50ms");
    assertThat(tmp.resolve("index")).doesNotExist();
  }
}
