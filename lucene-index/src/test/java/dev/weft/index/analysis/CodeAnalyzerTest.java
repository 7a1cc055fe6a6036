package dev.weft.index.analysis;

import static dev.weft.index.analysis.AnalyzerTokens.graph;
import static dev.weft.index.analysis.AnalyzerTokens.terms;
import static org.assertj.core.api.Assertions.assertThat;

import org.apache.lucene.analysis.Analyzer;
import org.junit.jupiter.api.Test;

class CodeAnalyzerTest {
  private final Analyzer index = new CodeAnalyzer();
  private final Analyzer query = CodeAnalyzer.forQuery();

  @Test
  void splitsCamelCaseAcronymsAndDigitsAndKeepsTheWholeIdentifier() {
    assertThat(terms(index, "parseHTTPResponse2"))
        .containsExactly("parsehttpresponse2", "parse", "http", "response", "2");
  }

  @Test
  void splitsSnakeCase() {
    assertThat(terms(index, "snake_case_name")).containsExactly("snake_case_name", "snake", "case", "name");
  }

  @Test
  void splitsAtEveryKindOfBoundary() {
    assertThat(terms(index, "XMLHttpRequest utf8Decoder getX MAX_VALUE"))
        .containsExactly(
            "xmlhttprequest", "xml", "http", "request",
            "utf8decoder", "utf", "8", "decoder",
            "getx", "get", "x",
            "max_value", "max", "value");
  }

  @Test
  void punctuationSeparatesIdentifiersAndIsDropped() {
    assertThat(terms(index, "foo(bar) a:b x.y_z != \"quoted\""))
        .containsExactly("foo", "bar", "a", "b", "x", "y_z", "y", "z", "quoted");
  }

  @Test
  void aSingleWordIsNotRepeatedAndNothingIsStemmed() {
    assertThat(terms(index, "parser parsers parsing")).containsExactly("parser", "parsers", "parsing");
  }

  @Test
  void underscoresAroundASingleWordKeepBothForms() {
    assertThat(terms(index, "__init__ ___")).containsExactly("__init__", "init");
  }

  @Test
  void indexTimeGraphIsFlatAndPartsCarryTheirOwnOffsets() {
    assertThat(graph(index, "getX y")).containsExactly("getx/1/2/0-4", "get/0/1/0-3", "x/1/1/3-4", "y/1/1/5-6");
    assertThat(graph(query, "getX y")).containsExactly("getx/1/2/0-4", "get/0/1/0-3", "x/1/1/3-4", "y/1/1/5-6");
  }

  @Test
  void queryAnalyzerProducesTheSameTerms() {
    String text = "parseHTTPResponse2(snake_case_name) -> Map<String, List<Integer>>";
    assertThat(terms(query, text)).isEqualTo(terms(index, text));
  }
}
