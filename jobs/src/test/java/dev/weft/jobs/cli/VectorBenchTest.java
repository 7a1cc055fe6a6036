package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code weft bench --vectors INDEX}: self-recall and latency of an index's nearest-neighbour search. */
class VectorBenchTest {
  @TempDir Path tmp;

  @Test
  void printsSelfRecallServedAndGraphOnlyAndTheLatencyOfEachWay() throws IOException {
    Path root = GoldenCorpusTest.copy(GoldenCorpusTest.GOLDEN, tmp.resolve("corpus"));
    String index = tmp.resolve("index").toString();
    assertThat(CliRun.of("index", root.toString(), "--index", index, "--embedder", "hash:16", "--quiet").exit())
        .isZero();

    CliRun bench = CliRun.of("bench", "--vectors", index, "--queries", "20");

    assertThat(bench.exit()).isZero();
    assertThat(bench.out()).containsPattern("vectors\t.*\tgeneration 1\t[1-9][0-9]* vectors in [1-9][0-9]* segments")
        .containsPattern("self-recall@10\tserved\t1\\.0000\t[0-9]+ of 200 neighbours, 20 chunks sampled")
        .containsPattern("self-recall@10\tgraph\t[01]\\.[0-9]{4}\t")
        .containsPattern("knn-latency@10\tserved\tp50 [0-9.]+ ms\tp95 [0-9.]+ ms\t")
        .contains("knn-latency@10\tgraph\t", "knn-latency@10\texact\t");
  }

  @Test
  void anIndexWithoutVectorsSaysHowToGetThem() throws IOException {
    Path root = GoldenCorpusTest.copy(GoldenCorpusTest.GOLDEN, tmp.resolve("corpus"));
    String index = tmp.resolve("index").toString();
    assertThat(CliRun.of("index", root.toString(), "--index", index, "--quiet").exit()).isZero();

    CliRun bench = CliRun.of("bench", "--vectors", index);

    assertThat(bench.exit()).isZero();
    assertThat(bench.out()).contains("vectors\tnone: index with --embedder first");
  }

  @Test
  void benchWithoutACorpusOrAnIndexIsBadUsage() {
    CliRun bench = CliRun.of("bench");
    assertThat(bench.exit()).isEqualTo(2);
    assertThat(bench.err()).contains("bench needs --corpus DIR (or --vectors INDEX for the vector figures only, ");
  }
}
