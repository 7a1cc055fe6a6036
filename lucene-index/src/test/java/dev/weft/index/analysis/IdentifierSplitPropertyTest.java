package dev.weft.index.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.StringLength;
import org.apache.lucene.analysis.Analyzer;

class IdentifierSplitPropertyTest {
  // the path analyzer splits like the code one and does not stem, so the parts can be spelled back
  private final Analyzer analyzer = CodeAnalyzer.forPaths();

  @Property
  void thePartsSpellTheIdentifierAndTheWholeComesFirst(
      @ForAll @StringLength(min = 1, max = 40) @CharRange(from = 'a', to = 'z') @CharRange(from = 'A', to = 'Z')
          @CharRange(from = '0', to = '9') @Chars({'_'}) String identifier) {
    List<String> terms = AnalyzerTokens.terms(analyzer, identifier);
    String whole = identifier.toLowerCase(Locale.ROOT);
    String letters = whole.replace("_", "");
    if (letters.isEmpty()) {
      assertThat(terms).isEmpty();
    } else if (terms.size() == 1) {
      assertThat(terms).containsExactly(whole);
      assertThat(whole).isEqualTo(letters);
    } else {
      assertThat(terms.get(0)).isEqualTo(whole);
      assertThat(String.join("", terms.subList(1, terms.size()))).isEqualTo(letters);
      assertThat(terms).noneMatch(String::isEmpty);
    }
  }
}
