package dev.weft.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ChildResultTest {
  private static ChildResult result(int exit, String out, String err) {
    return new ChildResult(List.of("index"), exit, false, false, out, err, 1);
  }

  @Test
  void readsThePublishedAndServedGenerations() {
    ChildResult index = result(0, "nothing changed (5 ms)\nembedded the chunks without a vector: published "
        + "generation 7 (12 ms)\nadded\t0\n", "");
    ChildResult twice = result(0, "published generation 3 (in-process, 9 ms)\nembedded the chunks without a "
        + "vector: published generation 4 (3 ms)\n", "");

    assertThat(index.printedGenerations()).containsExactly(7L);
    assertThat(twice.printedGenerations()).containsExactly(3L, 4L);
    assertThat(result(0, "serving generation 2 (t, files=3, chunks=9)\n", "").servingGeneration()).contains(2L);
    assertThat(result(0, "nothing changed (3 ms)\n", "").printedGenerations()).isEmpty();
  }

  @Test
  void aReaderFailsOnAnyExitButHitsOrNothingFoundOrOnAStackTrace() {
    assertThat(result(0, "a\n", "").readerFailed()).isFalse();
    assertThat(result(1, "", "weft: no hits\n").readerFailed()).isFalse();
    assertThat(result(2, "", "weft: bad\n").readerFailed()).isTrue();
    assertThat(result(70, "", "weft: internal error\n").readerFailed()).isTrue();
    assertThat(result(0, "", "java.lang.IllegalStateException: x\n\tat dev.weft.index.CorpusIndex.commitOf("
        + "CorpusIndex.java:210)\n").readerFailed()).isTrue();
    assertThat(new ChildResult(List.of("recall"), 137, false, true, "", "", 1).readerFailed()).isTrue();
  }

  @Test
  void aWriterMayBeRefusedAsBusyButNotFailOtherwise() {
    assertThat(result(ChildResult.BUSY, "", "weft: busy\n").writerFailed()).isFalse();
    assertThat(result(5, "", "weft: another update is running\n").writerFailed()).isTrue();
    assertThat(new ChildResult(List.of("index"), 137, true, false, "", "", 1).writerFailed()).isFalse();
    assertThat(result(0, "", "Exception in thread \"main\" java.lang.Error\n").writerFailed()).isTrue();
    // a rollback whose target a racing publish pruned is refused as bad input; an index run has no such excuse
    assertThat(new ChildResult(List.of("rollback", "3"), 2, false, false, "", "weft: not kept\n", 1).writerFailed())
        .isFalse();
    assertThat(result(2, "", "weft: embedder mismatch\n").writerFailed()).isTrue();
  }

  @Test
  void readsTheServedGenerationAReaderSaw() {
    ChildResult generations = new ChildResult(List.of("generations", "--index", "i"), 0, false, false,
        " \t5\t2026-11-30T10:00:00Z\tfiles=3\tchunks=9\n*\t4\t2026-11-30T09:00:00Z\tfiles=3\tchunks=9\n", "", 1);
    ChildResult stats = new ChildResult(List.of("stats"), 0, false, false, "generation\t12\ncorpus_root\t/c\n", "", 1);

    assertThat(generations.seenServed()).contains(4L);
    assertThat(stats.seenServed()).contains(12L);
    assertThat(new ChildResult(List.of("stats"), 5, false, false, "generation\t12\n", "", 1).seenServed()).isEmpty();
    assertThat(result(0, "generation\t12\n", "").seenServed()).isEmpty();
  }

  @Test
  void theFirstErrorLineIsTheOneLineReport() {
    assertThat(result(2, "", "\nweft: k must be at least 1, got: 0\nmore\n").firstErrLine())
        .isEqualTo("weft: k must be at least 1, got: 0");
  }
}
