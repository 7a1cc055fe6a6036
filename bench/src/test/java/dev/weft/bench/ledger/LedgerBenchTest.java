package dev.weft.bench.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.bench.WorkDir;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code weft bench ledger}, small: every store's line and the ratio against SQLite are printed; sizes are not checked. */
class LedgerBenchTest {
  @TempDir Path tmp;

  @Test
  void printsEveryStoreBesideSqliteInTheSameRunAndRankBesideTheSweep() throws Exception {
    StringWriter printed = new StringWriter();

    int exit = WorkDir.scratch(tmp.resolve("work"), "unused").run(new LedgerBench(new LedgerBench.Options(8,
        List.of(1, 2), List.of(30), 1, 2, 7)), new PrintWriter(printed, true));

    assertThat(exit).isZero();
    String out = printed.toString();
    for (String store : List.of("lucene", "lucene-writer-per-commit", "sqlite", "memory")) {
      assertThat(out).containsPattern("ledger-mutate\t" + store + "\t1 threads\t8 commits\t[0-9]+ commits/s\tp50 ");
      assertThat(out).containsPattern("ledger-mutate\t" + store + "\t2 threads\t8 commits\t");
    }
    // the ceiling commits one step at a time: measured with one writer only
    assertThat(out).containsPattern("ledger-mutate\tlucene-commit-point\t1 threads\t8 commits\t")
        .doesNotContain("lucene-commit-point\t2 threads");
    // the warm-up pass is not printed: one line per store and thread count
    assertThat(out.lines().filter(line -> line.startsWith("ledger-mutate\tlucene\t"))).hasSize(2);
    assertThat(out)
        .containsPattern("ledger-ratio\tlucene/sqlite\t1 threads\t[0-9.]+x\ttarget 0.5x: (met|missed)")
        .containsPattern("ledger-ratio\tlucene/sqlite\t2 threads\t[0-9.]+x\tno target")
        .containsPattern("ledger-ratio\tlucene-commit-point/sqlite\t1 threads\t[0-9.]+x\tthe ceiling of one "
            + "commit per step")
        .containsPattern("ledger-ratio\tlucene/lucene-commit-point\t1 threads\t[0-9.]+x\tof the ceiling")
        .containsPattern("ledger-fill\t30 values\t384 dims\t")
        .containsPattern("ledger-recall\t30 values\tsweep\tp50 [0-9.]+ ms\tp95 [0-9.]+ ms\t1 queries")
        .containsPattern("ledger-recall\t30 values\trank\tp50 .*\ttop-10 agreement with the sweep 1.000");
  }

  @Test
  void badOptionsAreRefusedByName() {
    assertThatThrownBy(() -> new LedgerBench.Options(0, List.of(1), List.of(), 1, 1, 1))
        .hasMessage("steps must be at least 1, got: 0");
    assertThatThrownBy(() -> new LedgerBench.Options(1, List.of(0), List.of(), 1, 1, 1))
        .hasMessage("threads must be at least 1, got: 0");
    assertThatThrownBy(() -> new LedgerBench.Options(1, List.of(1), List.of(-1), 1, 1, 1))
        .hasMessage("values must be at least 0, got: -1");
  }
}
