package dev.weft.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OnnxRawLoopTest {
  @Test
  void passagesAreTheFirstLongEnoughTextsCutToLength(@TempDir Path dir) throws Exception {
    Path corpus = dir.resolve("corpus.jsonl");
    Files.writeString(corpus, String.join("\n",
        "{\"_id\":\"a\",\"text\":\"short\"}",
        "",
        "{\"_id\":\"b\",\"title\":\"t\",\"text\":\"0123456789abc\"}",
        "{\"_id\":\"c\",\"text\":\"9876543210\"}",
        "{\"_id\":\"d\",\"text\":\"never reached\"}"));

    List<String> passages = OnnxRawLoop.passages(corpus, 2, 10);

    assertThat(passages).containsExactly("0123456789", "9876543210");
  }
}
