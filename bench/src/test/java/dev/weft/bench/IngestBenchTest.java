package dev.weft.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.pipelines.Runner;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code weft bench --corpus} on a small corpus: every figure is printed beside its baseline; sizes are not checked. */
class IngestBenchTest {
  @TempDir Path tmp;

  @Test
  void printsEachFigureBesideTheRawLoopInTheSameRun() throws Exception {
    Path corpus = Files.createDirectories(tmp.resolve("corpus"));
    for (int i = 0; i < 5; i++) {
      Files.writeString(corpus.resolve("Part" + i + ".java"), "class Part" + i + " {\n  int size() { return " + i
          + "; }\n}\n");
      Files.writeString(corpus.resolve("notes" + i + ".md"), "# Notes " + i + "\n\nrefill the bucket of permits\n");
    }
    StringWriter printed = new StringWriter();
    Path work = tmp.resolve("work");

    int exit = WorkDir.scratch(work, "unused").run(new IngestBench(new IngestBench.Options(corpus,
        List.of(Runner.INPROCESS), 1, 5, null)), new PrintWriter(printed, true));

    assertThat(exit).isZero();
    assertThat(printed.toString())
        .containsPattern("corpus\t.*\t10 files\t[1-9][0-9]* chunks\t")
        .containsPattern("raw-lucene\t[0-9]+ ms\t")
        .containsPattern("inprocess\t[0-9]+ ms\t.*\tratio-to-raw [0-9.]+")
        .containsPattern("noop-walk\t[0-9.]+ ms\t[0-9.]+ ms per 1,000 files\t")
        .containsPattern("noop-library-walked\t[0-9.]+ ms\t[0-9.]+ ms per 1,000 files\t[0-9.]+x the walk")
        .containsPattern("noop-library\t[0-9.]+ ms\t[0-9.]+ ms per 1,000 files\t[0-9.]+x the walk")
        .containsPattern("recall-library\tp50 [0-9.]+ ms\tp95 [0-9.]+ ms\t\\(5 queries")
        .containsPattern("index-size\t[0-9.]+ MB\t[0-9.]+x source bytes");
    assertThat(work.resolve("raw")).isDirectory();
  }

  @Test
  void optionsAreCheckedBeforeAnythingRuns() {
    Path corpus = tmp.resolve("corpus");
    List<Runner> inProcess = List.of(Runner.INPROCESS);

    assertThatThrownBy(() -> new IngestBench.Options(corpus, inProcess, 0, 5, null))
        .hasMessage("repeat must be at least 1, got: 0");
    assertThatThrownBy(() -> new IngestBench.Options(corpus, inProcess, 1, 0, null))
        .hasMessage("queries must be at least 1, got: 0");
  }
}
