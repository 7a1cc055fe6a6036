package dev.weft.context.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.ChunkPointer;
import dev.weft.context.Hit;
import dev.weft.context.Kind;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SpreadingRecallTest {
  private static final Map<String, Set<String>> EDGES = Map.of(
      "a.ts", Set.of("b.ts"), "b.ts", Set.of("a.ts"), "c.ts", Set.of());

  @Test
  void aHitGainsWeightTimesItsBestRankedNeighbourAndTheListIsReordered() {
    List<Hit> hits = List.of(hit("c.ts", 10), hit("a.ts", 8), hit("b.ts", 6));

    List<Hit> spread = SpreadingRecall.apply(hits, 0.5, p -> EDGES.getOrDefault(p, Set.of()), 10);

    // a: 8 + 0.5 x 6 = 11; b: 6 + 0.5 x 8 = 10; c has no neighbour: 10 (ties keep the ranker's order)
    assertThat(spread).extracting(Hit::path).containsExactly("a.ts", "c.ts", "b.ts");
    assertThat(spread.get(0).score()).isEqualTo(11f);
  }

  @Test
  void weightZeroKeepsTheRankingAndTheCutAppliesAfterSpreading() {
    List<Hit> hits = List.of(hit("c.ts", 10), hit("a.ts", 8), hit("b.ts", 6));

    assertThat(SpreadingRecall.apply(hits, 0, p -> EDGES.get(p), 2)).containsExactly(hits.get(0), hits.get(1));
    assertThat(SpreadingRecall.apply(hits, 0.5, p -> EDGES.get(p), 1)).extracting(Hit::path).containsExactly("a.ts");
  }

  private static Hit hit(String path, float score) {
    return new Hit(path, Kind.CODE, "typescript", score, new ChunkPointer(null, "function", 0, 1), null);
  }
}
