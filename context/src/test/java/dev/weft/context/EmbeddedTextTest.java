package dev.weft.context;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EmbeddedTextTest {
  private static Chunk code(String path, String symbol, String text) {
    return new Chunk(path + "#1", path, Kind.CODE, "java", symbol, "method", 3, 5, text, "h");
  }

  @Test
  void aJavaMethodIsLedByItsQualifiedNameAndItsWords() {
    Chunk chunk = code("org/apache/commons/lang3/StringUtils.java", "isBlank",
        "    public static boolean isBlank(final CharSequence cs) {");

    assertThat(EmbeddedText.of(chunk)).isEqualTo("org.apache.commons.lang3.StringUtils.isBlank (string utils is blank)\n"
        + "    public static boolean isBlank(final CharSequence cs) {");
  }

  @Test
  void aClassChunkNamedLikeItsFileNamesTheTypeOnce() {
    assertThat(EmbeddedText.header(code("com/google/common/hash/HashFunction.java", "HashFunction", "interface")))
        .isEqualTo("com.google.common.hash.HashFunction (hash function)");
  }

  @Test
  void aPythonFunctionAndAChunkWithoutSymbolOrDirectory() {
    assertThat(EmbeddedText.header(new Chunk("asyncio/base_events.py#4", "asyncio/base_events.py", Kind.CODE,
        "python", "_run_once", "function", 1, 2, "def _run_once(self):", "h")))
        .isEqualTo("asyncio.base_events._run_once (base events run once)");
    assertThat(EmbeddedText.header(new Chunk("setup.py#0", "setup.py", Kind.CODE, "python", null, "preamble",
        0, 0, "import os", "h"))).isEqualTo("setup (setup)");
  }

  @Test
  void identifiersSplitAtCaseChangesAcronymsAndUnderscores() {
    assertThat(EmbeddedText.words("HTTPResponse")).isEqualTo("http response");
    assertThat(EmbeddedText.words("parseHttp2Frame")).isEqualTo("parse http2 frame");
    assertThat(EmbeddedText.words("__init__")).isEqualTo("init");
    assertThat(EmbeddedText.words("MAX_VALUE")).isEqualTo("max value");
    assertThat(EmbeddedText.words("ImmutableList$Builder")).isEqualTo("immutable list builder");
  }

  @Test
  void aDocChunkIsEmbeddedAsItStands() {
    Chunk doc = new Chunk("faq_design_1.md#0", "faq_design_1.md", Kind.DOC, "markdown", "Why indentation?",
        "section", 0, 3, "# Why indentation?\n\nBecause.", "h");

    assertThat(EmbeddedText.of(doc)).isEqualTo(doc.text());
    assertThat(EmbeddedText.hash(doc)).isEqualTo(ChunkTextHash.of(doc.text()));
  }

  @Test
  void theHashCoversTheHeaderSoAMovedCodeChunkHashesAnew() {
    Chunk here = code("a/Stack.java", "size", "int size() { return n; }");
    Chunk moved = code("b/Stack.java", "size", "int size() { return n; }");

    assertThat(EmbeddedText.hash(here)).isEqualTo(ChunkTextHash.of(EmbeddedText.of(here)))
        .isNotEqualTo(EmbeddedText.hash(moved)).isNotEqualTo(ChunkTextHash.of(here.text()));
  }
}
