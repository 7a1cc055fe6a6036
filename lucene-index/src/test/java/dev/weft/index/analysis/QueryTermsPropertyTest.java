package dev.weft.index.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;

/** The one query-terms bound: the first 64 distinct tokens, whatever the text and however often words repeat. */
class QueryTermsPropertyTest {
  private final List<Analyzer> analyzers = List.of(new CodeAnalyzer(), new DocAnalyzer(), CodeAnalyzer.forPaths(),
      new EnglishAnalyzer());

  @Property(tries = 200)
  void theTermsAreTheFirstDistinctTokensUpToTheBound(
      @ForAll @Size(max = 300) List<@StringLength(min = 1, max = 12) @CharRange(from = 'a', to = 'z') String> words,
      @ForAll @IntRange(min = 1, max = 8) int repeats) {
    String text = String.join(" ", Collections.nCopies(repeats, String.join(" ", words)));
    for (Analyzer analyzer : analyzers) {
      List<String> firstDistinct = new LinkedHashSet<>(AnalyzerTokens.terms(analyzer, text)).stream()
          .limit(QueryTerms.MAX).toList();

      assertThat(List.copyOf(QueryTerms.of(analyzer, "f", text))).isEqualTo(firstDistinct);
    }
  }
}
