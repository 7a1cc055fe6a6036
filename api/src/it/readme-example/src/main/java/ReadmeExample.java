// README:imports:begin
import dev.weft.api.Lines;
import dev.weft.api.Weft;
import dev.weft.context.Hit;
import dev.weft.context.Kind;
import dev.weft.context.RecallRequest;
import dev.weft.context.RecallResult;
import java.util.Set;
// README:imports:end
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The README's Java example as a user's program, built against the installed artifacts: indexes a copy of the
 * golden corpus, recalls and gets; exits 1 unless the RateLimiter hit and its chunk were printed. The marked parts
 * are the README's block, imports included (ReadmeExampleTest holds the README to them).
 */
public final class ReadmeExample {
  public static void main(String[] args) throws IOException {
    // outside the build's git tree: an ignored directory (target/) would be skipped by the git-aware listing
    Path work = Files.createTempDirectory("weft-readme-example");
    try {
      run(Path.of(args[0]), work);
    } finally {
      delete(work);
    }
  }

  private static void run(Path golden, Path work) throws IOException {
    Path corpus = copy(golden, work.resolve("corpus"));
    Path indexDir = work.resolve("index");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
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
    String printed = bytes.toString(StandardCharsets.UTF_8);
    System.out.print(printed);
    List<String> lines = printed.lines().toList();
    if (lines.isEmpty() || !lines.get(0).equals("src/main/java/com/acme/RateLimiter.java:38-44")
        || !printed.contains("private void refill()")) {
      throw new IllegalStateException(
          "the README example did not print the RateLimiter hit and its chunk; it printed: " + printed);
    }
  }

  private static void delete(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  private static Path copy(Path from, Path to) throws IOException {
    try (Stream<Path> walk = Files.walk(from)) {
      for (Path p : walk.toList()) {
        Path dest = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(dest);
        } else {
          Files.copy(p, dest);
        }
      }
    }
    return to;
  }
}
