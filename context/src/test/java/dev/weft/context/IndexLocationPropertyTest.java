package dev.weft.context;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An index location is normalised once, when it is made: however a directory is spelled (relative, with {@code .}
 * and {@code ..} segments), the same directory is the same location, and making it again changes nothing.
 */
class IndexLocationPropertyTest {
  @TempDir Path tmp;

  @Property
  void spellingsOfOneDirectoryAreOneLocation(@ForAll("segments") List<String> segments) {
    Path plain = Path.of("/data");
    Path spelled = Path.of("/data");
    for (String segment : segments) {
      plain = plain.resolve(segment);
      // the same directory, spelled with a detour through "." and a sibling and back
      spelled = spelled.resolve(".").resolve("detour").resolve("..").resolve(segment);
    }
    IndexLocation location = new IndexLocation(spelled);

    assertThat(location).isEqualTo(new IndexLocation(plain));
    assertThat(location.dir()).isAbsolute().isEqualTo(plain.normalize());
    assertThat(new IndexLocation(location.dir())).isEqualTo(location);
    assertThat(new IndexLocation(Path.of(location.toString()))).isEqualTo(location);
  }

  @Test
  void aRelativeDirectoryIsReadAgainstTheWorkingDirectory() {
    assertThat(new IndexLocation(Path.of("some/index")).dir())
        .isEqualTo(Path.of("").toAbsolutePath().resolve("some/index"));
  }

  @Test
  void aFileIsNotAnIndexDirectoryAndTheMessageNamesWhoSaidSo() throws IOException {
    Path file = Files.writeString(tmp.resolve("a-file"), "x");

    assertThatThrownBy(() -> IndexLocation.given(file, "--index"))
        .hasMessage("--index must be an index directory, got a file: " + file
            + "; pass a directory (created when missing)");
    assertThatThrownBy(() -> IndexLocation.of(file)).hasMessageStartingWith("the index location must be an index");
    assertThatThrownBy(() -> IndexLocation.forRead(file)).hasMessageStartingWith("--index must be an index");
  }

  @Test
  void aRunWritesUnderItsRootUnlessTold() {
    Path root = tmp.resolve("corpus");
    Path explicit = tmp.resolve("elsewhere");

    assertThat(IndexLocation.forWrite(explicit, root).dir()).isEqualTo(explicit);
    if (System.getenv(IndexLocation.ENV) == null) {
      assertThat(IndexLocation.forWrite(null, root).dir()).isEqualTo(root.resolve(IndexLocation.DEFAULT_NAME));
    }
  }

  @Test
  void existsOnlyOnceTheDirectoryDoes() throws IOException {
    IndexLocation location = IndexLocation.of(tmp.resolve("index"));
    assertThat(location.exists()).isFalse();
    Files.createDirectories(location.dir());
    assertThat(location.exists()).isTrue();
    assertThat(location.resolve("lucene")).isEqualTo(tmp.resolve("index").resolve("lucene"));
  }

  @Provide
  Arbitrary<List<String>> segments() {
    return Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(8).list().ofMinSize(1)
        .ofMaxSize(5);
  }
}
