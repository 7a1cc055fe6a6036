package dev.weft.index;

import static dev.weft.index.TestCorpus.span;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Hit;
import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.RecallRequest;
import dev.weft.context.RecallResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecallTest {
  private static final String PARSER = String.join("\n",
      "package http;",
      "class HttpParser {",
      "  Response parseHTTPResponse(byte[] raw) {",
      "    return Response.of(statusLine(raw));",
      "  }",
      "  Headers readHeaders(byte[] raw) {",
      "    return Headers.split(raw);",
      "  }",
      "}");
  private static final String JSON = String.join("\n",
      "package json;",
      "class JsonReader {",
      "  Object parseObject(String text) {",
      "    return tokens(text).object();",
      "  }",
      "}");
  private static final String HTTP_DOC = String.join("\n",
      "# HTTP responses",
      "",
      "Weft parses every HTTP response it fetches.",
      "",
      "# Headers",
      "",
      "Headers are read before the body.");

  @TempDir Path temp;
  private CorpusIndex index;
  private CorpusSearcher searcher;

  @BeforeEach
  void indexCorpus() {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")));
    TestCorpus.publish(index, corpus.options(),
        corpus.file("src/http/HttpParser.java", Kind.CODE, "java", PARSER,
            span("HttpParser", "class", 1, 1), span("parseHTTPResponse", "method", 2, 4),
            span("readHeaders", "method", 5, 7)),
        corpus.file("src/json/JsonReader.java", Kind.CODE, "java", JSON,
            span("JsonReader", "class", 1, 1), span("parseObject", "method", 2, 4)),
        corpus.file("docs/http.md", Kind.DOC, "markdown", HTTP_DOC,
            span("HTTP responses", "section", 0, 3), span("Headers", "section", 4, 6)),
        // the same text twice, under two paths, to see ties broken by path then line
        corpus.file("tie/b.txt", Kind.DOC, "text", "zebra crossing\nzebra crossing",
            span(null, "paragraph", 0, 0), span(null, "paragraph", 1, 1)),
        corpus.file("tie/a.txt", Kind.DOC, "text", "zebra crossing\nzebra crossing",
            span(null, "paragraph", 0, 0), span(null, "paragraph", 1, 1)));
    searcher = index.searcher();
  }

  @AfterEach
  void close() {
    searcher.close();
    index.close();
  }

  private static RecallRequest request(String query, Set<Kind> kinds, int limit, boolean onePerFile) {
    return new RecallRequest(query, kinds, limit, onePerFile);
  }

  private static List<String> pointers(List<Hit> hits) {
    List<String> pointers = new ArrayList<>();
    for (Hit hit : hits) {
      pointers.add(hit.path() + ":" + hit.chunk().startLine() + "-" + hit.chunk().endLine());
    }
    return pointers;
  }

  @Test
  void aCodeQueryFindsTheMethodByAWordOfItsSplitName() {
    RecallResult result = searcher.recall(request("response", Set.of(Kind.CODE), 0, true));
    assertThat(result.flat()).isTrue();
    assertThat(result.groups()).containsOnlyKeys(Kind.CODE);
    Hit hit = result.hits().get(0);
    assertThat(result.hits()).hasSize(1);
    assertThat(hit.path()).isEqualTo("src/http/HttpParser.java");
    assertThat(hit.kind()).isEqualTo(Kind.CODE);
    assertThat(hit.format()).isEqualTo("java");
    assertThat(hit.chunk()).isEqualTo(new dev.weft.context.ChunkPointer("parseHTTPResponse", "method", 2, 4));
    assertThat(hit.score()).isPositive();
  }

  @Test
  void kindsAreRankedApartAndNeverMixed() {
    RecallResult result = searcher.recall(RecallRequest.of("parse http response headers"));
    assertThat(result.flat()).isFalse();
    assertThat(pointers(result.groups().get(Kind.CODE)))
        .containsExactly("src/http/HttpParser.java:2-4", "src/json/JsonReader.java:2-4");
    assertThat(pointers(result.groups().get(Kind.DOC))).containsExactly("docs/http.md:0-3");
    assertThat(result.groups().get(Kind.CODE)).allMatch(hit -> hit.kind() == Kind.CODE);
    assertThat(result.groups().get(Kind.DOC)).allMatch(hit -> hit.kind() == Kind.DOC);
  }

  @Test
  void everyChunkWhenNotOnePerFile() {
    RecallResult result = searcher.recall(request("parse http response headers", Set.of(Kind.CODE), 0, false));
    assertThat(pointers(result.hits())).containsExactly(
        "src/http/HttpParser.java:2-4", "src/http/HttpParser.java:5-7", "src/http/HttpParser.java:1-1",
        "src/json/JsonReader.java:2-4");
  }

  @Test
  void theSymbolAndThePathAreSearchedToo() {
    assertThat(pointers(searcher.recall(request("readHeaders", Set.of(Kind.CODE), 0, false)).hits()))
        .containsExactly("src/http/HttpParser.java:5-7");
    // "json" is only in the path and the class name; the path boost lifts every chunk of the file
    assertThat(pointers(searcher.recall(request("json", Set.of(Kind.CODE), 0, false)).hits()))
        .containsExactly("src/json/JsonReader.java:1-1", "src/json/JsonReader.java:2-4");
  }

  @Test
  void equalScoresAreOrderedByPathThenLine() {
    assertThat(pointers(searcher.recall(request("zebra", Set.of(Kind.DOC), 0, false)).hits()))
        .containsExactly("tie/a.txt:0-0", "tie/a.txt:1-1", "tie/b.txt:0-0", "tie/b.txt:1-1");
    assertThat(pointers(searcher.recall(request("zebra", Set.of(Kind.DOC), 0, true)).hits()))
        .containsExactly("tie/a.txt:0-0", "tie/b.txt:0-0");
  }

  @Test
  void theLimitCutsTheRanking() {
    assertThat(pointers(searcher.recall(request("zebra", Set.of(Kind.DOC), 1, true)).hits()))
        .containsExactly("tie/a.txt:0-0");
    assertThat(pointers(searcher.recall(request("zebra", Set.of(Kind.DOC), 3, false)).hits()))
        .containsExactly("tie/a.txt:0-0", "tie/a.txt:1-1", "tie/b.txt:0-0");
  }

  @Test
  void querySyntaxIsJustText() {
    assertThat(pointers(searcher.recall(request("parseObject(text", Set.of(Kind.CODE), 0, true)).hits()))
        .startsWith("src/json/JsonReader.java:2-4");
    assertThat(searcher.recall(request("a:b OR \"", Set.of(Kind.CODE), 0, true)).isEmpty()).isTrue();
    assertThat(searcher.recall(request("  ", Set.of(), 0, true)).isEmpty()).isTrue();
    assertThat(searcher.recall(request("[*~^ AND", Set.of(), 0, true)).groups()).containsOnlyKeys(Kind.CODE, Kind.DOC);
  }

  @Test
  void requestsAreValidated() {
    assertThatThrownBy(() -> request("x", Set.of(), -1, true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("got: -1");
  }
}
