package dev.weft.index;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.Hit;
import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.RecallRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One file with many strong chunks must not starve the one-per-file ranking of other files. */
class RecallDepthTest {
  @TempDir Path temp;

  @Test
  void fetchesDeeperUntilEnoughDistinctFiles() {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    List<TestCorpus.Indexed> files = new ArrayList<>();
    StringBuilder strong = new StringBuilder();
    List<TestCorpus.Span> spans = new ArrayList<>();
    for (int line = 0; line < 100; line++) {
      strong.append(line == 0 ? "" : "\n").append("kestrel kestrel kestrel");
      spans.add(TestCorpus.span(null, "paragraph", line, line));
    }
    files.add(corpus.file("big.md", Kind.DOC, "markdown", strong.toString(), spans.toArray(TestCorpus.Span[]::new)));
    for (int i = 0; i < 7; i++) {
      files.add(corpus.file("weak" + i + ".md", Kind.DOC, "markdown", "a kestrel among many other words here " + i));
    }
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      TestCorpus.publish(index, corpus.options(), files.toArray(TestCorpus.Indexed[]::new));
      try (CorpusSearcher searcher = index.searcher()) {
        List<Hit> three = searcher.recall(new RecallRequest("kestrel", Set.of(Kind.DOC), 3, true)).hits();
        assertThat(three).extracting(Hit::path).containsExactly("big.md", "weak0.md", "weak1.md");
        List<Hit> all = searcher.recall(new RecallRequest("kestrel", Set.of(Kind.DOC), 50, true)).hits();
        assertThat(all).extracting(Hit::path).containsExactly(
            "big.md", "weak0.md", "weak1.md", "weak2.md", "weak3.md", "weak4.md", "weak5.md", "weak6.md");
        // groups default to 5 per kind, flat to 10
        assertThat(searcher.recall(new RecallRequest("kestrel", Set.of(), 0, true)).groups().get(Kind.DOC)).hasSize(5);
        assertThat(searcher.recall(new RecallRequest("kestrel", Set.of(Kind.DOC), 0, false)).hits()).hasSize(10);
      }
    }
  }
}
