package dev.weft.index;

import static dev.weft.index.TestCorpus.span;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkIds;
import dev.weft.context.FileState;
import dev.weft.context.IndexLocation;
import dev.weft.context.ItemSource;
import dev.weft.context.Kind;
import dev.weft.context.StalePointerException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GetTest {
  private static final String SOURCE = "class A {\n  int one() { return 1; }\n  int two() { return 2; }\n}\n";

  @TempDir Path temp;
  private TestCorpus corpus;
  private CorpusIndex index;
  private CorpusSearcher searcher;

  @BeforeEach
  void indexOneFile() {
    corpus = new TestCorpus(temp.resolve("corpus"));
    index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")));
    TestCorpus.publish(index, corpus.options(), corpus.file("src/A.java", Kind.CODE, "java", SOURCE,
        span("A", "class", 0, 3), span("one", "method", 1, 1), span("two", "method", 2, 2)));
    searcher = corpus.searcher(index);
  }

  @AfterEach
  void close() {
    searcher.close();
    index.close();
  }

  @Test
  void returnsExactlyTheChunkBody() {
    assertThat(searcher.get("src/A.java", 2, 2)).contains("  int two() { return 2; }");
    assertThat(searcher.get("src/A.java", 0, 3)).contains("class A {\n  int one() { return 1; }\n"
        + "  int two() { return 2; }\n}");
  }

  @Test
  void aRangeThatIsNotAChunkIsEmptyNeverTheWholeFile() {
    assertThat(searcher.get("src/A.java", 1, 2)).isEmpty();
    assertThat(searcher.get("src/A.java", 0, 0)).isEmpty();
    assertThat(searcher.get("src/Other.java", 0, 3)).isEmpty();
  }

  @Test
  void theLinesOfALineCutIntoPartsAreThePartsJoinedInOrder() {
    String line = "alpha beta gamma delta";
    TestCorpus.Indexed whole = corpus.file("docs/long.txt", Kind.DOC, "text", "first\n" + line + "\nlast\n",
        span(null, "paragraphs", 0, 0), span(null, "paragraphs", 1, 1), span(null, "paragraphs", 2, 2));
    List<Chunk> chunks = new ArrayList<>();
    chunks.add(whole.chunk(0));
    // written out of order on purpose: the ids, not the index order, say how the parts follow each other
    for (String[] part : new String[][] {{"2", "gamma delta"}, {"1", "alpha beta "}}) {
      Chunk template = whole.chunk(1);
      chunks.add(new Chunk(ChunkIds.of("docs/long.txt", Integer.parseInt(part[0])), template.path(), template.kind(),
          template.format(), null, template.nodeType(), 1, 1, part[1], template.contentHash()));
    }
    Chunk last = whole.chunk(2);
    chunks.add(new Chunk(ChunkIds.of("docs/long.txt", 3), last.path(), last.kind(), last.format(), null,
        last.nodeType(), 2, 2, last.text(), last.contentHash()));
    FileState state = whole.state();
    TestCorpus.publish(index, corpus.options(), new TestCorpus.Indexed(new FileState(state.path(), state.kind(),
        state.format(), state.mtimeMillis(), state.size(), state.contentHash(), state.chunkerStamp(), 4), chunks));

    try (CorpusSearcher fresh = corpus.searcher(index)) {
      assertThat(fresh.get("docs/long.txt", 1, 1)).contains(line);
      assertThat(fresh.get("docs/long.txt", 2, 2)).contains("last");
    }
  }

  @Test
  void anItemSourceServesTheBytesInsteadOfTheFilesAndIsGatedTheSameWay() throws IOException {
    // the source holds the indexed bytes under a path the corpus root has no file for, as a dataset does
    Files.delete(corpus.root().resolve("src/A.java"));
    Map<String, String> items = new HashMap<>(Map.of("src/A.java", SOURCE));
    ItemSource source = path -> {
      String item = items.get(path);
      if (item == null) {
        throw new NoSuchFileException(path);
      }
      return item.getBytes(StandardCharsets.UTF_8);
    };
    try (CorpusSearcher fromSource = index.searcher(manifest -> source)) {
      assertThat(fromSource.get("src/A.java", 2, 2)).contains("  int two() { return 2; }");
      assertThat(fromSource.get("src/A.java")).isEqualTo(SOURCE);
      items.put("src/A.java", SOURCE.replace("2;", "3;"));
      assertThatThrownBy(() -> fromSource.get("src/A.java", 1, 1)).isInstanceOf(StalePointerException.class);
      items.clear();
      assertThatThrownBy(() -> fromSource.get("src/A.java", 1, 1))
          .isInstanceOf(StalePointerException.class).hasMessageContaining("src/A.java");
    }
  }

  @Test
  void aChangedFileIsAStalePointer() throws IOException {
    Files.writeString(corpus.root().resolve("src/A.java"), SOURCE.replace("2;", "3;"));
    assertThatThrownBy(() -> searcher.get("src/A.java", 1, 1))
        .isInstanceOf(StalePointerException.class)
        .hasMessageStartingWith("stale pointer: src/A.java changed since it was indexed");
  }

  @Test
  void aVanishedFileIsAStalePointer() throws IOException {
    Files.delete(corpus.root().resolve("src/A.java"));
    assertThatThrownBy(() -> searcher.get("src/A.java", 1, 1))
        .isInstanceOf(StalePointerException.class)
        .hasMessageContaining("now none");
    assertThatThrownBy(() -> searcher.get("src/A.java")).isInstanceOf(StalePointerException.class);
  }

  @Test
  void theWholeFileIsReadFreshFromDisk() throws IOException {
    assertThat(searcher.get("src/A.java")).isEqualTo(SOURCE);
    Files.writeString(corpus.root().resolve("src/A.java"), "changed");
    assertThat(searcher.get("src/A.java")).isEqualTo("changed");
  }

  @Test
  void aFileNotInTheIndexIsNamed() throws IOException {
    Files.writeString(corpus.root().resolve("src/New.java"), "class New {}");
    assertThatThrownBy(() -> searcher.get("src/New.java"))
        .isInstanceOf(PathNotIndexedException.class)
        .hasMessageStartingWith("no such file in the index: src/New.java is not in generation 1");
  }

  @Test
  void aPathTheGenerationDoesNotHoldIsNeverReadFromTheSource() throws IOException {
    // the index's paths are relative and normalised, so `..` or an absolute path matches nothing and the source
    // is never read (a tree source refuses such paths up front anyway: FileTreeItemSourceTest)
    Files.writeString(temp.resolve("secret.txt"), "secret");
    List<String> asked = new ArrayList<>();
    try (CorpusSearcher recording = index.searcher(manifest -> path -> {
      asked.add(path);
      return corpus.items().read(path);
    })) {
      assertThatThrownBy(() -> recording.get("../secret.txt")).isInstanceOf(PathNotIndexedException.class);
      assertThatThrownBy(() -> recording.get(temp.resolve("secret.txt").toString()))
          .isInstanceOf(PathNotIndexedException.class);
      assertThat(recording.get("src/../../secret.txt", 0, 0)).isEmpty();
      assertThat(recording.get("src/A.java", 1, 2)).as("no such chunk").isEmpty();
    }
    assertThat(asked).isEmpty();
  }

  @Test
  void aPathTheSourceRefusesIsRefusedBeforeTheIndexIsSearched() {
    ItemSource strict = new ItemSource() {
      @Override
      public byte[] read(String path) throws IOException {
        return corpus.items().read(path);
      }

      @Override
      public String itemPath(String path) {
        throw new IllegalArgumentException("path must be a good one, got: " + path);
      }
    };
    try (CorpusSearcher refusing = index.searcher(manifest -> strict)) {
      assertThatThrownBy(() -> refusing.get("src/A.java", 2, 2)).hasMessage("path must be a good one, got: src/A.java");
      assertThatThrownBy(() -> refusing.get("src/New.java"))
          .as("not 'not indexed'").hasMessage("path must be a good one, got: src/New.java");
    }
  }

  @Test
  void theItemSourceIsTheOneForTheGenerationTheSearcherHolds() {
    List<Long> askedFor = new ArrayList<>();
    try (CorpusSearcher chosen = index.searcher(manifest -> {
      askedFor.add(manifest.generation());
      return corpus.items();
    })) {
      assertThat(askedFor).containsExactly(chosen.generation().generation());
    }
  }

  @Test
  void aSearcherOpenedWithoutAnItemSourceReadsNoBodies() {
    try (CorpusSearcher ranking = index.searcher()) {
      assertThatThrownBy(() -> ranking.get("src/A.java", 2, 2))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("this searcher of generation 1 was opened without an item source, so it cannot read item"
              + " bodies; open it with CorpusIndex.searcher(itemsOf)");
      assertThatThrownBy(() -> ranking.get("src/A.java")).isInstanceOf(IllegalStateException.class);
    }
  }
}
