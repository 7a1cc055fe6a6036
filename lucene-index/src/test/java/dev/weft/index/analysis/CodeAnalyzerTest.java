package dev.weft.index.analysis;

import static dev.weft.index.analysis.AnalyzerTokens.graph;
import static dev.weft.index.analysis.AnalyzerTokens.terms;
import static org.assertj.core.api.Assertions.assertThat;

import org.apache.lucene.analysis.Analyzer;
import org.junit.jupiter.api.Test;

class CodeAnalyzerTest {
  private final Analyzer index = new CodeAnalyzer();
  private final Analyzer query = CodeAnalyzer.forQuery();
  /** Splits exactly like {@link #index} but does not stem: the splitting tests read plainer on it. */
  private final Analyzer paths = CodeAnalyzer.forPaths();

  @Test
  void splitsCamelCaseAcronymsAndDigitsAndKeepsTheWholeIdentifier() {
    assertThat(terms(paths, "parseHTTPResponse2"))
        .containsExactly("parsehttpresponse2", "parse", "http", "response", "2");
  }

  @Test
  void splitsSnakeCase() {
    assertThat(terms(paths, "snake_case_name")).containsExactly("snake_case_name", "snake", "case", "name");
  }

  @Test
  void splitsAtEveryKindOfBoundary() {
    assertThat(terms(paths, "XMLHttpRequest utf8Decoder getX MAX_VALUE"))
        .containsExactly(
            "xmlhttprequest", "xml", "http", "request",
            "utf8decoder", "utf", "8", "decoder",
            "getx", "get", "x",
            "max_value", "max", "value");
  }

  @Test
  void punctuationSeparatesIdentifiersAndIsDropped() {
    assertThat(terms(paths, "foo(bar) a:b x.y_z != \"quoted\""))
        .containsExactly("foo", "bar", "a", "b", "x", "y_z", "y", "z", "quoted");
  }

  @Test
  void pathsAreNeverStemmed() {
    assertThat(terms(paths, "parser parsers parsing")).containsExactly("parser", "parsers", "parsing");
  }

  @Test
  void codeTextHasItsPluralsFoldedAfterTheSplit() {
    // prose in a query meets code: "Returns the elements" finds return and element
    assertThat(terms(index, "Returns elements")).containsExactly("return", "element");
    assertThat(terms(index, "getElements")).containsExactly("getelement", "get", "element");
    // only plurals: derivations stay apart
    assertThat(terms(index, "parser parsers parsing")).containsExactly("parser", "parser", "parsing");
    assertThat(terms(index, "Tokenizer tokens")).containsExactly("tokenizer", "token");
    assertThat(terms(query, "Returns elements")).isEqualTo(terms(index, "Returns elements"));
  }

  @Test
  void underscoresAroundASingleWordKeepBothForms() {
    assertThat(terms(paths, "__init__ ___")).containsExactly("__init__", "init");
  }

  @Test
  void indexTimeGraphIsFlatAndPartsCarryTheirOwnOffsets() {
    assertThat(graph(paths, "getX y")).containsExactly("getx/1/2/0-4", "get/0/1/0-3", "x/1/1/3-4", "y/1/1/5-6");
    assertThat(graph(index, "getX y")).containsExactly("getx/1/2/0-4", "get/0/1/0-3", "x/1/1/3-4", "y/1/1/5-6");
  }

  @Test
  void queryAnalyzerProducesTheSameTerms() {
    String text = "parseHTTPResponse2(snake_case_name) -> Map<String, List<Integer>>";
    assertThat(terms(query, text)).isEqualTo(terms(index, text));
  }
}
