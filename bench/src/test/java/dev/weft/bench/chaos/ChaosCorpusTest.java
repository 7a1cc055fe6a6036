package dev.weft.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A seed replays the same corpus and the same schedules. */
class ChaosCorpusTest {
  @TempDir Path tmp;

  private static Map<String, String> contents(ChaosCorpus corpus) throws IOException {
    Map<String, String> files = new HashMap<>();
    for (String path : corpus.files()) {
      files.put(path, Files.readString(corpus.root().resolve(path), StandardCharsets.ISO_8859_1));
    }
    return files;
  }

  private static ChaosCorpus grown(Path root, long seed) {
    ChaosCorpus corpus = new ChaosCorpus(root, new Random(seed));
    corpus.create(30);
    for (int i = 0; i < 20; i++) {
      corpus.mutate();
    }
    return corpus;
  }

  @Test
  void theSameSeedWritesTheSameCorpus() throws IOException {
    ChaosCorpus a = grown(tmp.resolve("a"), 5);
    ChaosCorpus b = grown(tmp.resolve("b"), 5);
    ChaosCorpus c = grown(tmp.resolve("c"), 6);

    assertThat(contents(a)).isEqualTo(contents(b)).isNotEqualTo(contents(c));
    assertThat(a.files()).anyMatch(f -> f.endsWith(".java")).anyMatch(f -> f.endsWith(".py"))
        .anyMatch(f -> f.endsWith(".md"));
  }

  @Test
  void everyEditChangesTheSize() throws IOException {
    ChaosCorpus corpus = new ChaosCorpus(tmp.resolve("one"), new Random(1));
    corpus.create(1);
    Path file = corpus.root().resolve(corpus.files().get(0));
    long before = Files.size(file);

    corpus.editOne();

    assertThat(Files.size(file)).isGreaterThan(before);
  }

  @Test
  void theSameSeedDrawsTheSameSchedules() {
    ChaosBench.Options options = new ChaosBench.Options(10, 3, 5, "hash:16", 10, 2, 0.5, 0.5, 0.5, 0.7,
        Duration.ofSeconds(1));
    Random a = new Random(3);
    Random b = new Random(3);
    for (int i = 0; i < 50; i++) {
      assertThat(CycleSchedule.draw(a, options, List.of(1L, 2L))).isEqualTo(CycleSchedule.draw(b, options,
          List.of(1L, 2L)));
    }
  }
}
