package dev.weft.api;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.Hit;
import dev.weft.context.Kind;
import dev.weft.context.RecallRequest;
import dev.weft.context.RecallResult;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's library example, compiled and run here; the README must show exactly this code. */
class ReadmeExampleTest {
  private static final Path README = Path.of("../README.md");
  private static final Path SOURCE = Path.of("src/test/java/dev/weft/api/ReadmeExampleTest.java");

  @TempDir Path tmp;

  /** The example as the README shows it, between the markers. */
  static void example(Path corpus, Path indexDir, PrintStream out) {
    // README:begin
    try (Weft weft = Weft.open(indexDir)) {
      weft.index(corpus);                                   // incremental; publishes a generation
      RecallResult result = weft.recall(new RecallRequest("refill permits", Set.of(Kind.CODE), 5, true));
      for (Hit hit : result.hits()) {
        out.println(hit.path() + ":" + Lines.of(hit));      // 1-based lines, as editors show them
      }
      Hit best = result.hits().get(0);
      String chunk = weft.get(best.path(), Lines.of(best)).orElseThrow(); // exactly that chunk, hash-checked
      out.println(chunk);
    }
    // README:end
  }

  @Test
  void theExampleIndexesRecallsAndGets() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    example(Golden.copy(tmp.resolve("corpus")), tmp.resolve("index"), new PrintStream(bytes, true, UTF_8));

    List<String> printed = bytes.toString(UTF_8).lines().toList();
    assertThat(printed.get(0)).isEqualTo("src/main/java/com/acme/RateLimiter.java:38-44");
    assertThat(printed).anySatisfy(line -> assertThat(line).contains("private void refill()"));
  }

  @Test
  void theReadmeShowsExactlyThisCode() throws IOException {
    Matcher marked = Pattern.compile("// README:begin\n(.*?)\n\\s*// README:end", Pattern.DOTALL)
        .matcher(Files.readString(SOURCE));
    assertThat(marked.find()).as("markers in " + SOURCE).isTrue();
    String code = marked.group(1).lines().map(line -> line.replaceFirst("^    ", "")).reduce((a, b) -> a + "\n" + b)
        .orElseThrow();

    assertThat(Files.readString(README)).contains("```java\n" + code + "\n```");
  }
}
