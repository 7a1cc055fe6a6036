package dev.weft.context.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.ItemMetadata;
import dev.weft.context.filter.MetaFilter.Op;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** The {@code --where} grammar: what it accepts, what it means, and that nothing but a positioned refusal escapes. */
class MetaFilterParserTest {
  private static final ItemMetadata EN_2021 = ItemMetadata.of(Map.of("lang", "en", "year", 2021L, "score", 0.5,
      "draft", false));

  @Test
  void theDocumentedExampleParsesAndMeansWhatItSays() {
    MetaFilter filter = MetaFilterParser.parse("lang = \"en\" and year >= 2020");

    assertThat(filter).isEqualTo(new MetaFilter.And(new MetaFilter.Compare("lang", Op.EQ, "en"),
        new MetaFilter.Compare("year", Op.GE, 2020L)));
    assertThat(filter.test(EN_2021)).isTrue();
    assertThat(filter.test(ItemMetadata.of(Map.of("lang", "en", "year", 2019L)))).isFalse();
  }

  @Test
  void andBindsTighterThanOrAndNotTighterThanAnd() {
    assertThat(MetaFilterParser.parse("a = 1 or b = 2 and not c = 3")).isEqualTo(new MetaFilter.Or(
        new MetaFilter.Compare("a", Op.EQ, 1L), new MetaFilter.And(new MetaFilter.Compare("b", Op.EQ, 2L),
            new MetaFilter.Not(new MetaFilter.Compare("c", Op.EQ, 3L)))));
    assertThat(MetaFilterParser.parse("(lang IN (\"en\", \"fr\")) AND NOT draft = true").test(EN_2021)).isTrue();
  }

  @Test
  void valuesOfAnotherTypeNeverCompareAndAMissingNameFailsEveryComparison() {
    assertThat(MetaFilterParser.parse("year = \"2021\"").test(EN_2021)).isFalse();
    assertThat(MetaFilterParser.parse("year != \"2021\"").test(EN_2021)).isFalse();
    assertThat(MetaFilterParser.parse("year = 2021.0").test(EN_2021)).isTrue();
    assertThat(MetaFilterParser.parse("site != \"wiki\"").test(EN_2021)).isFalse();
    assertThat(MetaFilterParser.parse("not site = \"wiki\"").test(EN_2021)).isTrue();
    assertThat(MetaFilterParser.parse("score > 0.25 and score < 1").test(EN_2021)).isTrue();
  }

  @Test
  void aRefusalNamesThePositionAndWhatWasExpected() {
    assertThatThrownBy(() -> MetaFilterParser.parse("lang = \"en\" and"))
        .isInstanceOf(FilterSyntaxException.class)
        .hasMessage("--where at position 15: expected a metadata name, not or (, got: the end of the filter");
    assertThatThrownBy(() -> MetaFilterParser.parse("lang == \"en\""))
        .hasMessage("--where at position 6: expected a value (a \"string\", a number, true or false), got: =");
    assertThatThrownBy(() -> MetaFilterParser.parse("lang < \"en\""))
        .hasMessage("--where at position 7: a range (<) needs a number, got: \"en\" after lang <");
    assertThatThrownBy(() -> MetaFilterParser.parse("lang = \"en"))
        .hasMessage("--where at position 7: expected the closing \" of the string that starts here");
    assertThatThrownBy(() -> MetaFilterParser.parse("(year > 1"))
        .hasMessage("--where at position 9: expected ), got: the end of the filter");
    assertThatThrownBy(() -> MetaFilterParser.parse("year > 1 year"))
        .hasMessage("--where at position 9: expected and, or or the end of the filter, got: year");
  }

  @Test
  void sizeDepthAndValueCountAreBounded() {
    assertThatThrownBy(() -> MetaFilterParser.parse("(".repeat(40) + "a = 1" + ")".repeat(40)))
        .hasMessageContaining("at most 32 parentheses or nots");
    assertThatThrownBy(() -> MetaFilterParser.parse("a in (" + "1, ".repeat(300) + "1)"))
        .hasMessageContaining("at most 256 values");
    assertThatThrownBy(() -> MetaFilterParser.parse("a = \"" + "x".repeat(5000) + "\""))
        .hasMessageContaining("at most 4096 characters");
  }

  /** No text crashes the parser: it parses, or it is refused with a position inside the text. */
  @Property(tries = 2000)
  void anyTextParsesOrIsRefusedWithAPosition(@ForAll("filterish") String text) {
    try {
      MetaFilterParser.parse(text);
    } catch (FilterSyntaxException e) {
      assertThat(e.position()).isBetween(0, Math.max(text.length(), 0));
      assertThat(e.getMessage()).startsWith("--where at position " + e.position() + ": ").doesNotContain("\n");
    }
  }

  /** A filter printed in the grammar parses back to the same tree. */
  @Property(tries = 500)
  void aPrintedFilterParsesBackToItself(@ForAll("filters") MetaFilter filter) {
    assertThat(MetaFilterParser.parse(MetaFilters.print(filter))).isEqualTo(filter);
  }

  @Provide
  Arbitrary<String> filterish() {
    Arbitrary<String> tokens = Arbitraries.of("lang", "year", "=", "!=", "<", "<=", ">", ">=", "and", "or", "not",
        "in", "(", ")", ",", "\"en\"", "\"", "\\", "12", "-3.5", "1e", "true", "false", " ", "é", "\n", "9".repeat(25));
    Arbitrary<String> joined = tokens.list().ofMaxSize(14).map(list -> String.join(" ", list));
    return Arbitraries.oneOf(joined, tokens.list().ofMaxSize(14).map(list -> String.join("", list)),
        Arbitraries.strings().ofMaxLength(40));
  }

  @Provide
  Arbitrary<MetaFilter> filters() {
    return MetaFilters.filters(List.of("lang", "year", "score", "draft"), 3);
  }
}
