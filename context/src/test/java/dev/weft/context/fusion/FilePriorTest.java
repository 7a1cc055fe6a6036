package dev.weft.context.fusion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class FilePriorTest {
  private static final double EPS = 1e-9;

  /** A chunk of a file, named "file#chunk". */
  private static FusedCandidate<String> chunk(String id, double score) {
    return new FusedCandidate<>(id, null, null, score);
  }

  private static String file(String id) {
    return id.substring(0, id.indexOf('#'));
  }

  private static List<String> order(List<FusedCandidate<String>> candidates) {
    return candidates.stream().sorted(Comparator.comparingDouble(FusedCandidate<String>::score).reversed())
        .map(FusedCandidate::item).toList();
  }

  @Test
  void aStrongFileLiftsItsOtherChunksOverALoneChunkOfAWeakerFile() {
    // floor 1 (Z); X's best 2, Y's 1.5: X#two 1.3 + 0.5 * (2 - 1) = 1.8 passes Y#only 1.5 + 0.5 * 0.5 = 1.75
    List<FusedCandidate<String>> fused = List.of(
        chunk("X#one", 2.0), chunk("X#two", 1.3), chunk("Y#only", 1.5), chunk("Z#only", 1.0));
    List<FusedCandidate<String>> lifted = FilePrior.apply(fused, FilePriorTest::file, 0.5);
    assertThat(lifted).extracting(FusedCandidate::item).containsExactly("X#one", "X#two", "Y#only", "Z#only");
    assertThat(lifted).extracting(FusedCandidate::score).satisfiesExactly(
        s -> assertThat(s).isCloseTo(2.5, within(EPS)),
        s -> assertThat(s).isCloseTo(1.8, within(EPS)),
        s -> assertThat(s).isCloseTo(1.75, within(EPS)),
        s -> assertThat(s).isCloseTo(1.0, within(EPS)));
    assertThat(order(fused)).containsExactly("X#one", "Y#only", "X#two", "Z#only");
    assertThat(order(lifted)).containsExactly("X#one", "X#two", "Y#only", "Z#only");
  }

  @Test
  void keepsTheRawScoresAndWeightZeroChangesNothing() {
    List<FusedCandidate<String>> fused = List.of(
        new FusedCandidate<>("X#one", 3f, 0.5f, 2.0), new FusedCandidate<>("Y#one", null, 0.1f, 1.0));
    assertThat(FilePrior.apply(fused, FilePriorTest::file, 0)).isSameAs(fused);
    List<FusedCandidate<String>> lifted = FilePrior.apply(fused, FilePriorTest::file, 0.5);
    assertThat(lifted.get(0).lexical()).isEqualTo(3f);
    assertThat(lifted.get(0).cosine()).isEqualTo(0.5f);
    assertThat(lifted.get(1).lexical()).isNull();
    assertThat(FilePrior.apply(List.<FusedCandidate<String>>of(), FilePriorTest::file, 0.5)).isEmpty();
  }

  @Test
  void aNegativeOrNonFiniteWeightIsRefusedByValue() {
    List<FusedCandidate<String>> fused = List.of(chunk("X#one", 1));
    assertThatThrownBy(() -> FilePrior.apply(fused, FilePriorTest::file, -0.5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("file prior weight must be a finite number at least 0, got: -0.5");
    assertThatThrownBy(() -> FilePrior.apply(fused, FilePriorTest::file, Double.NaN))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("got: NaN");
  }

  @Property(tries = 300)
  void theOrderOfFilesByTheirBestChunkAndTheOrderWithinAFileAreKept(
      @ForAll("pools") List<FusedCandidate<String>> fused, @ForAll("weights") double weight) {
    List<FusedCandidate<String>> lifted = FilePrior.apply(fused, FilePriorTest::file, weight);
    assertThat(bestChunkPerFile(order(lifted))).isEqualTo(bestChunkPerFile(order(fused)));
    for (int i = 0; i < fused.size(); i++) {
      for (int j = 0; j < fused.size(); j++) {
        if (file(fused.get(i).item()).equals(file(fused.get(j).item()))
            && fused.get(i).score() < fused.get(j).score()) {
          assertThat(lifted.get(i).score()).isLessThan(lifted.get(j).score());
        }
      }
    }
  }

  @Property(tries = 300)
  void shiftingEveryScoreByAConstantChangesNoOrder(@ForAll("pools") List<FusedCandidate<String>> fused,
      @ForAll("weights") double weight) {
    // z-scores sit around 0, min-max and RRF scores above it: the lift must not depend on where 0 is
    List<FusedCandidate<String>> shifted = new ArrayList<>();
    for (FusedCandidate<String> candidate : fused) {
      shifted.add(chunk(candidate.item(), candidate.score() - 5));
    }
    List<FusedCandidate<String>> a = FilePrior.apply(fused, FilePriorTest::file, weight);
    List<FusedCandidate<String>> b = FilePrior.apply(shifted, FilePriorTest::file, weight);
    for (int i = 0; i < a.size(); i++) {
      assertThat(b.get(i).score()).isCloseTo(a.get(i).score() - 5, within(1e-6));
    }
  }

  /** Distinct chunk ids over a few files, distinct scores (ties would make "the order" ambiguous). */
  @Provide
  Arbitrary<List<FusedCandidate<String>>> pools() {
    return Arbitraries.integers().between(0, 4).list().ofMinSize(1).ofMaxSize(30).flatMap(files ->
        Arbitraries.doubles().between(-3, 10).list().ofSize(files.size()).uniqueElements().map(scores -> {
          List<FusedCandidate<String>> pool = new ArrayList<>();
          for (int i = 0; i < files.size(); i++) {
            pool.add(chunk("F" + files.get(i) + "#" + i, scores.get(i)));
          }
          return pool;
        }));
  }

  @Provide
  Arbitrary<Double> weights() {
    return Arbitraries.of(0.0, 0.25, 0.5, 1.0, 3.0);
  }

  private static List<String> bestChunkPerFile(List<String> ranked) {
    Map<String, String> best = new LinkedHashMap<>();
    for (String id : ranked) {
      best.putIfAbsent(file(id), id);
    }
    return List.copyOf(best.values());
  }
}
