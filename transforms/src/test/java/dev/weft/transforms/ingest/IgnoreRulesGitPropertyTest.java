package dev.weft.transforms.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.transforms.route.Router;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A tree walked without git lists exactly what git itself would list in the same tree: for generated files and
 * {@code .gitignore} files (at the root and in subdirectories, from a pool of patterns with negations, anchors,
 * directory-only rules, {@code **}, character classes and escapes), the walk's listing equals
 * {@code git ls-files --others --exclude-standard} in a copy of the tree that is a git repository (no global or
 * system excludes), i.e. every path is listed by us exactly when git does not ignore it.
 */
class IgnoreRulesGitPropertyTest {
  private static final List<String> PATTERNS = List.of("*.md", "x.md", "!x.md", "a/", "/a", "b", "a/**/y.md",
      "**/c", "!b/", "c/x.md", "/*.md", "!/y.md", "# a comment", "", "a/*", "!a/y.md", "\\!x.md", "x.md   ", "*.m?",
      "[xy].md", "b/**", "!c", "**/b/*.md", "a/b", "/c/", "y*", "!**/x.md", "?.md");

  /** A generated tree: files, and the rules of the .gitignore in each directory that has one. */
  record Tree(Set<String> files, Map<String, List<String>> ignores) {}

  @Property(tries = 60)
  void theWalkListsWhatGitListsInTheSameTree(@ForAll("trees") Tree tree) throws Exception {
    Path top = Files.createTempDirectory("weft-ignore");
    try {
      Path plain = Files.createDirectory(top.resolve("plain"));
      Path repo = Files.createDirectory(top.resolve("repo"));
      write(plain, tree);
      write(repo, tree);
      git(repo, "init", "-q");

      List<String> ours = new CorpusLister(Router.defaults(), null).list(plain).stream().map(ListedFile::path)
          .toList();

      assertThat(ours).as("rules %s", tree.ignores()).containsExactlyElementsOf(gitListed(repo));
    } finally {
      delete(top);
    }
  }

  @Provide
  Arbitrary<Tree> trees() {
    Arbitrary<String> segment = Arbitraries.of("a", "b", "c");
    Arbitrary<String> name = Arbitraries.of("x.md", "y.md", "a.md", "!x.md", "b.md");
    Arbitrary<String> file = Combinators.combine(segment.list().ofMaxSize(3), name)
        .as((dirs, leaf) -> String.join("/", dirs) + (dirs.isEmpty() ? "" : "/") + leaf);
    Arbitrary<List<String>> rules = Arbitraries.of(PATTERNS).list().ofMinSize(1).ofMaxSize(4);
    Arbitrary<Map<String, List<String>>> ignores = Arbitraries.maps(Arbitraries.of("", "a/", "a/b/", "c/"), rules)
        .ofMinSize(1).ofMaxSize(3);
    return Combinators.combine(file.set().ofMinSize(1).ofMaxSize(12), ignores).as(Tree::new);
  }

  private static void write(Path root, Tree tree) throws IOException {
    for (String file : tree.files()) {
      Path path = root.resolve(file);
      Files.createDirectories(path.getParent());
      Files.writeString(path, file);
    }
    for (Map.Entry<String, List<String>> ignore : tree.ignores().entrySet()) {
      Path dir = Files.createDirectories(root.resolve(ignore.getKey().isEmpty() ? "." : ignore.getKey()));
      Files.writeString(dir.resolve(".gitignore"), String.join("\n", ignore.getValue()) + "\n");
    }
  }

  private static List<String> gitListed(Path repo) throws Exception {
    String out = git(repo, "-c", "core.excludesFile=/dev/null", "ls-files", "-z", "--others", "--exclude-standard");
    TreeSet<String> md = new TreeSet<>();
    for (String path : out.split("\0")) {
      if (path.endsWith(".md")) {
        md.add(path);
      }
    }
    return new ArrayList<>(md);
  }

  private static String git(Path dir, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("git", "-C", dir.toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(cmd).redirectErrorStream(true);
    builder.environment().put("GIT_CONFIG_NOSYSTEM", "1");
    builder.environment().put("GIT_CONFIG_GLOBAL", "/dev/null");
    Process process = builder.start();
    byte[] out = process.getInputStream().readAllBytes();
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    String text = new String(out, StandardCharsets.UTF_8);
    assertThat(process.exitValue()).as(text).isZero();
    return text;
  }

  private static void delete(Path top) throws IOException {
    try (Stream<Path> paths = Files.walk(top)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
