package dev.weft.index;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.FileState;
import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** File states read column-wise come back as written, in path order, whatever the paths' characters. */
class FileStatesTest {
  @TempDir Path temp;

  @Test
  void pathsOutsideAsciiAreReadBackAsWrittenAndInPathOrder() {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    // paths are decoded straight from the terms' UTF-8 (issue #13 item 4): two-, three- and four-byte characters
    List<TestCorpus.Indexed> files = List.of(
        corpus.file("docs/é-accent.md", Kind.DOC, "markdown", "accent"),
        corpus.file("docs/日本語.md", Kind.DOC, "markdown", "kanji"),
        corpus.file("docs/emoji-😀.md", Kind.DOC, "markdown", "emoji"),
        corpus.file("docs/plain.md", Kind.DOC, "markdown", "plain"));
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      TestCorpus.publish(index, corpus.options(), files.toArray(TestCorpus.Indexed[]::new));

      Map<String, FileState> states = index.fileStates();

      assertThat(states.keySet()).containsExactly("docs/emoji-😀.md", "docs/plain.md", "docs/é-accent.md",
          "docs/日本語.md");
      for (TestCorpus.Indexed file : files) {
        assertThat(states.get(file.state().path())).isEqualTo(file.state());
      }
    }
  }
}
