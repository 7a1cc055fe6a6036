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
 * A Markdown section's heading is the first line of its own text: searched again in the short symbol field,
 * a heading that repeats one query word outranked the section that answers the whole query (python-faq as a
 * folder: MRR@10 0.103 against 0.230 without the heading clause, docs/quality.md).
 */
class DocHeadingRankTest {
  private static final String ANSWER = String.join("\n",
      "# Design and History FAQ",
      "",
      "Guido believes that using indentation for grouping is elegant and contributes to the clarity of the",
      "average program, since no brackets can disagree with what the reader sees.");
  private static final String STYLE = String.join("\n",
      "# Indentation",
      "",
      "Four spaces per level are the convention most projects follow, and tabs are best avoided altogether",
      "because editors disagree about how wide they are.");

  /** A one-section file whose body holds "grouping", so that word is common and a heading match is rare. */
  private static TestCorpus.Indexed other(TestCorpus corpus, String path, String heading, String words) {
    return corpus.file(path, Kind.DOC, "markdown", "# " + heading + "\n\n" + words + "\n",
        span(heading, "section", 0, 2));
  }

  @TempDir Path temp;

  @Test
  void aHeadingThatRepeatsOneQueryWordDoesNotOutrankTheSectionThatAnswersTheQuery() {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      TestCorpus.publish(index, corpus.options(),
          corpus.file("faq_design_1.md", Kind.DOC, "markdown", ANSWER,
              span("Design and History FAQ", "section", 0, 3)),
          corpus.file("style_indentation.md", Kind.DOC, "markdown", STYLE, span("Indentation", "section", 0, 3)),
          other(corpus, "a.md", "Sets", "Grouping items by key."),
          other(corpus, "b.md", "Regex", "A grouping in a pattern."),
          other(corpus, "c.md", "Itertools", "The grouping helper."));
      try (CorpusSearcher searcher = index.searcher()) {
        List<Hit> hits = searcher.recall(new RecallRequest("Why does Python use indentation for grouping?",
            Set.of(Kind.DOC), 0, true)).hits();
        assertThat(hits).extracting(Hit::path).startsWith("faq_design_1.md");
      }
    }
  }
}
