package dev.weft.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.IndexLocation;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.ingest.IngestRequest;
import dev.weft.pipelines.ingest.Ingester;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ImpactBenchTest {
  static final Path CORPUS = Path.of("../testdata/impact-corpus").toAbsolutePath().normalize();

  @TempDir Path tmp;

  @Test
  void timesEveryDefinedSymbolOfASmallTreeBesideRecall() throws Exception {
    Path index = tmp.resolve("index");
    new Ingester().run(IngestRequest.directory(CORPUS, IndexLocation.of(index)).runner(Runner.INPROCESS).build());
    StringWriter text = new StringWriter();

    int exit = new ImpactBench(new ImpactBench.Options(index, 200, 42)).run(tmp.resolve("work"), new PrintWriter(text));

    assertThat(exit).isZero();
    // the tree defines 16 symbols: every one is sampled when fewer than asked
    assertThat(text.toString().lines()).hasSize(5)
        .anyMatch(line -> line.matches("impact\t.*\t16 symbols sampled of 16 defined\tseed 42"))
        .anyMatch(line -> line.startsWith("impact-latency\tp50 "))
        .anyMatch(line -> line.startsWith("recall-latency\tp50 "))
        .anyMatch(line -> line.startsWith("impact/recall\tp50 "))
        .anyMatch(line -> line.startsWith("refCount\tp50 "));
  }

  @Test
  void aSampleOfNoSymbolIsRefusedNamingTheValue() {
    assertThatThrownBy(() -> new ImpactBench.Options(tmp, 0, 42))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("symbols must be at least 1, got: 0");
  }
}
