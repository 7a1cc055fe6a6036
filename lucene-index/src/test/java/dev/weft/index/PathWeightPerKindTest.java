package dev.weft.index;

import static dev.weft.index.TestCorpus.span;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.Hit;
import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.RecallRequest;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A code file's path names what it declares, so its words count for its chunks; a doc file's path is a slug of
 * its title or an id, whose words lifted every section of a page over the one answering (docs/quality.md, "Path
 * weight per kind"), so doc BM25 does not search it.
 */
class PathWeightPerKindTest {
  @TempDir Path temp;

  @Test
  void aDocIsFoundByItsTextNotByItsFileName() {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      TestCorpus.publish(index, corpus.options(),
          corpus.file("guide/installing.md", Kind.DOC, "markdown", "# Setup\n\nRun the setup script once.",
              span("Setup", "section", 0, 2)),
          corpus.file("notes.md", Kind.DOC, "markdown", "# Notes\n\nAvoid installing it twice.",
              span("Notes", "section", 0, 2)));
      try (CorpusSearcher searcher = index.searcher()) {
        for (boolean onePerFile : new boolean[] {true, false}) {
          assertThat(searcher.recall(new RecallRequest("installing", Set.of(Kind.DOC), 0, onePerFile)).hits())
              .extracting(Hit::path).containsExactly("notes.md");
        }
      }
    }
  }

  @Test
  void aCodeFileIsStillFoundByItsFileName() {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      TestCorpus.publish(index, corpus.options(),
          corpus.file("src/Installer.java", Kind.CODE, "java", "class Setup {\n  void run() {}\n}",
              span("Setup", "class", 0, 2)));
      try (CorpusSearcher searcher = index.searcher()) {
        assertThat(searcher.recall(new RecallRequest("installer", Set.of(Kind.CODE), 0, true)).hits())
            .extracting(Hit::path).containsExactly("src/Installer.java");
      }
    }
  }
}
