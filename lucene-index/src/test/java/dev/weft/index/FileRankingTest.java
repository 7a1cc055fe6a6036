package dev.weft.index;

import static dev.weft.index.TestCorpus.span;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.Hit;
import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.RecallRequest;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One hit per file ranks files as wholes: a query's words spread over a file's sections add up, as they do in
 * one record of a dataset, and the hit points at the file's best section.
 */
class FileRankingTest {
  /** The answer: its two words are in two sections, neither of which holds both. */
  private static final String SPREAD = String.join("\n",
      "# Design",
      "",
      "Blocks are marked by indentation.",
      "",
      "# Why",
      "",
      "No brackets are needed in grouping.");
  /** One short section with one of the words: the best single chunk. */
  private static final String SHORT = "# Style\n\nUse indentation.\n";

  @TempDir Path temp;

  @Test
  void aFileWhoseSectionsTogetherHoldTheQueryOutranksTheFileWithTheBestSingleSection() {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      TestCorpus.publish(index, corpus.options(),
          corpus.file("design.md", Kind.DOC, "markdown", SPREAD,
              span("Design", "section", 0, 3), span("Why", "section", 4, 6)),
          corpus.file("style.md", Kind.DOC, "markdown", SHORT, span("Style", "section", 0, 2)),
          corpus.file("regex.md", Kind.DOC, "markdown", "# Regex\n\nA pattern's grouping.\n",
              span("Regex", "section", 0, 2)),
          corpus.file("other.md", Kind.DOC, "markdown", "# Other\n\nStatements end at the line end.\n",
              span("Other", "section", 0, 2)));
      try (CorpusSearcher searcher = index.searcher()) {
        String query = "indentation for grouping";
        List<Hit> chunks = searcher.recall(new RecallRequest(query, Set.of(Kind.DOC), 0, false)).hits();
        // ranked one by one, the short section wins
        assertThat(chunks.get(0).path()).isEqualTo("style.md");

        List<Hit> files = searcher.recall(new RecallRequest(query, Set.of(Kind.DOC), 0, true)).hits();
        assertThat(files).extracting(Hit::path).containsExactly("design.md", "style.md", "regex.md");
        // the file's hit is its best section by the chunk ranking
        assertThat(files.get(0).chunk().startLine())
            .isEqualTo(chunks.stream().filter(h -> h.path().equals("design.md")).findFirst().orElseThrow()
                .chunk().startLine());
        assertThat(files.get(0).score()).isGreaterThan(files.get(1).score());
      }
    }
  }
}
