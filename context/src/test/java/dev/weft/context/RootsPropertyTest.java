package dev.weft.context;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterTry;
import net.jqwik.api.lifecycle.BeforeTry;

/**
 * The roots rule on generated paths over a small tree with links in and out of the root, dangling ones too. The
 * oracle is the file system itself: a path the rule accepts is created through the very name given (the OS
 * following every link on it), and where it lands must be inside the root; a path made only of names that stay
 * inside is always accepted.
 */
class RootsPropertyTest {
  /** Names of the fixture (see {@link #tree}), {@code ..}, and names that only look like a way out. */
  private static final String[] SEGMENTS = {"a", "f.txt", "in", "out", "dangle-in", "dangle-out", "loop", "..",
      ".", "", "new", "%2e%2e", "..\\..\\x", "x.", "...", "a/", ".%2e"};
  /** Names that never lead out of the root, whatever comes before them inside it. */
  private static final String[] INSIDE = {"a", "in", "new", "%2e%2e", "..\\..\\x", "x.", "...", ".", "", ".%2e"};

  private Path temp;
  private Path root;
  private Path outside;

  /**
   * <pre>
   * temp/root/a/f.txt, root/in -> a, root/out -> ../outside, root/dangle-in -> a/gone,
   * root/dangle-out -> ../outside/gone, root/loop -> loop; temp/outside/secret.txt
   * </pre>
   */
  @BeforeTry
  void tree() throws IOException {
    temp = Files.createTempDirectory("roots-property");
    root = Files.createDirectories(temp.resolve("root"));
    outside = Files.createDirectories(temp.resolve("outside"));
    Files.writeString(Files.createDirectories(root.resolve("a")).resolve("f.txt"), "inside");
    Files.writeString(outside.resolve("secret.txt"), "secret");
    Files.createSymbolicLink(root.resolve("in"), Path.of("a"));
    Files.createSymbolicLink(root.resolve("out"), Path.of("../outside"));
    Files.createSymbolicLink(root.resolve("dangle-in"), Path.of("a/gone"));
    Files.createSymbolicLink(root.resolve("dangle-out"), Path.of("../outside/gone"));
    Files.createSymbolicLink(root.resolve("loop"), Path.of("loop"));
  }

  @AfterTry
  void removeTree() throws IOException {
    try (var walk = Files.walk(temp)) {
      for (Path p : walk.sorted((x, y) -> y.getNameCount() - x.getNameCount()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  @Provide
  Arbitrary<String> anyPath() {
    Arbitrary<String> relative = Arbitraries.of(SEGMENTS).list().ofMinSize(1).ofMaxSize(6)
        .map(segments -> String.join("/", segments));
    return Arbitraries.oneOf(relative, relative.map(p -> "ROOT/" + p), relative.map(p -> "OUTSIDE/" + p),
        relative.map(p -> p + "/"), relative.map(p -> p.replace('/', '\\')), relative.map(p -> "/" + p));
  }

  @Provide
  Arbitrary<String> insidePath() {
    // "./" first: an empty first name would make the path absolute
    Arbitrary<String> relative = Arbitraries.of(INSIDE).list().ofMinSize(1).ofMaxSize(6)
        .map(segments -> "./" + String.join("/", segments));
    return Arbitraries.oneOf(relative, relative.map(p -> "ROOT/" + p), relative.map(p -> "a/../" + p),
        relative.map(p -> p + "/."));
  }

  private String spelled(String generated) {
    return generated.replace("ROOT/", root + "/").replace("OUTSIDE/", outside + "/");
  }

  private Roots roots() {
    return Roots.of("the roots", List.of(root));
  }

  @Property(tries = 400)
  void whatIsAcceptedLandsInsideWhenTheOsFollowsIt(@ForAll("anyPath") String generated) throws IOException {
    String value = spelled(generated);
    Path accepted;
    try {
      accepted = roots().resolve("path", value);
    } catch (IllegalArgumentException refused) {
      assertThat(refused.getMessage()).as("names the argument and the value").contains("path").contains(value);
      return;
    }
    assertThat(accepted).startsWithRaw(root);
    Path named = root.resolve(value); // as a caller that ignored the answer would write it
    if (!createdAsAWriterWould(named)) {
      return; // a name under a regular file, or a loop: nothing can land anywhere
    }
    assertThat(named.toRealPath()).as(value).startsWith(root.toRealPath());
    assertThat(accepted.toRealPath()).isEqualTo(named.toRealPath());
  }

  /**
   * Each missing directory on the way made with mkdir, the last name written as a file (which, unlike mkdir,
   * follows a dangling link and creates its target): where a caller writing there would land.
   */
  private static boolean createdAsAWriterWould(Path named) throws IOException {
    Path at = named.getRoot();
    for (int i = 0; i < named.getNameCount(); i++) {
      at = at.resolve(named.getName(i));
      if (Files.exists(at)) {
        continue;
      }
      try {
        if (i == named.getNameCount() - 1) {
          Files.write(at, new byte[0]);
        } else {
          Files.createDirectory(at);
        }
      } catch (FileSystemException cannot) {
        return false;
      }
    }
    return true;
  }

  @Property(tries = 300)
  void namesThatStayInsideAreAlwaysAccepted(@ForAll("insidePath") String generated) {
    assertThat(roots().resolve("path", spelled(generated))).startsWithRaw(root);
  }

  @Property(tries = 200)
  void anAbsolutePathInsideIsItsRootRelativeForm(@ForAll("insidePath") String generated) {
    String relative = generated.replace("ROOT/", "./");
    Path absolute = root.resolve(relative);
    assertThat(roots().relative(absolute)).contains(root.relativize(roots().resolve("p", relative)).toString());
  }

  @Property(tries = 1)
  void theAttacksAreRefusedByName() {
    Roots roots = roots();
    assertThatThrownBy(() -> roots.resolve("root", "../outside"))
        .hasMessage("root must stay inside the roots " + root + ", got: ../outside");
    assertThatThrownBy(() -> roots.resolve("env", "/etc")).hasMessage("env must stay inside the roots " + root
        + ", got: /etc");
    assertThatThrownBy(() -> roots.resolve("env", "out"))
        .hasMessage("env must stay inside the roots " + root + ", got: out (it leads to " + outside + ")");
    assertThatThrownBy(() -> roots.resolve("dataset", "dangle-out/x.jsonl"))
        .hasMessageStartingWith("dataset must stay inside the roots " + root + ", got: dangle-out/x.jsonl");
    assertThatThrownBy(() -> roots.resolve("env", "loop/x")).hasMessageContaining("env")
        .hasMessageContaining("loop/x");
    assertThatThrownBy(() -> Roots.of("the roots", List.of()).resolve("env", "a"))
        .hasMessage("env must stay inside the roots, and there are none, got: a");
    // ".." after a name that is not there: by name it is "out", a link out; the OS would not go up at all
    assertThatThrownBy(() -> roots.resolve("env", "a/../f.txt/../out")).hasMessage("env goes up (..) through f.txt"
        + " in " + root + "/a/.., which is not an existing directory, got: a/../f.txt/../out; name a path that exists"
        + " inside the roots");
    assertThatThrownBy(() -> roots.resolve("env", "a/f.txt/../../out/secret.txt"))
        .hasMessageContaining("goes up (..) through ..");
    assertThat(roots.resolve("env", "%2e%2e")).isEqualTo(root.resolve("%2e%2e"));
    assertThat(roots.resolve("env", "..\\..\\etc")).isEqualTo(root.resolve("..\\..\\etc"));
    assertThat(roots.resolve("env", "in/f.txt")).isEqualTo(root.resolve("a/f.txt"));
    assertThat(roots.resolve("env", "dangle-in/x")).isEqualTo(root.resolve("a/gone/x"));
    assertThat(roots.resolve("env", root + "/a/./")).isEqualTo(root.resolve("a"));
  }
}
