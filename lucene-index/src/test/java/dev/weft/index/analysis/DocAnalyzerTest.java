package dev.weft.index.analysis;

import static dev.weft.index.analysis.AnalyzerTokens.terms;
import static org.assertj.core.api.Assertions.assertThat;

import org.apache.lucene.analysis.Analyzer;
import org.junit.jupiter.api.Test;

class DocAnalyzerTest {
  private final Analyzer analyzer = new DocAnalyzer();

  @Test
  void wordsAreLowerCasedAndKStemmedButNeverDropped() {
    assertThat(terms(analyzer, "The Indexing of Running jobs, and the indexes."))
        // KStem folds inflections into dictionary words and keeps what its dictionary lists whole ("running")
        .containsExactly("the", "index", "of", "running", "job", "and", "the", "index");
  }

  @Test
  void identifiersStayWhole() {
    assertThat(terms(analyzer, "Call parseHTTPResponse2 on snake_case_name"))
        .containsExactly("call", "parsehttpresponse2", "on", "snake_case_name");
  }

  @Test
  void numbersAndHyphensFollowUnicodeWordBreaks() {
    assertThat(terms(analyzer, "Lucene 9.12.3 re-index e-mail: 5,000 docs"))
        .containsExactly("lucene", "9.12.3", "re", "index", "e", "mail", "5,000", "doc");
  }
}
