package dev.weft.transforms.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link SourceText#findAtKeyword} and {@link SourceText#findStatement} try a pattern only where its keyword occurs;
 * they must find exactly what the plain regex search finds: Go's and JavaScript's import patterns on text made of
 * import forms, words that contain the keywords (before and after them), member calls, non-ASCII letters and marks
 * (which a word boundary counts as word characters), and line breaks of every kind; and patterns that look before
 * the keyword or anchor at a line start.
 */
class KeywordSearchPropertyTest {
  private static final List<Pattern> IMPORT_PATTERNS = List.of(GoImports.BLOCK, GoImports.SINGLE,
      Pattern.compile("(?m)^import\\b"), Pattern.compile("(?<![.\\w$])import\\s*\\("));

  @Property(tries = 2000)
  void goMatchesAreThoseOfThePlainSearch(@ForAll("code") String code) {
    for (Pattern pattern : IMPORT_PATTERNS) {
      assertThat(SearchMatches.jumping(pattern, code, (m, text, from) -> SourceText.findAtKeyword(m, text, from,
          "import"))).as(pattern.pattern()).isEqualTo(SearchMatches.plain(pattern, code));
    }
  }

  @Property(tries = 2000)
  void scriptMatchesAreThoseOfThePlainSearch(@ForAll("code") String code) {
    assertThat(SearchMatches.jumping(ScriptImports.FROM, code,
        (m, text, from) -> SourceText.findAtKeyword(m, text, from, "import", "export")))
        .isEqualTo(SearchMatches.plain(ScriptImports.FROM, code));
    assertThat(SearchMatches.jumping(ScriptImports.CALL, code,
        (m, text, from) -> SourceText.findAtKeyword(m, text, from, "require", "import")))
        .isEqualTo(SearchMatches.plain(ScriptImports.CALL, code));
    assertThat(SearchMatches.jumping(ScriptImports.BARE, code,
        (m, text, from) -> SourceText.findStatement(m, text, "import", from, SourceText.WHITESPACE)))
        .isEqualTo(SearchMatches.plain(ScriptImports.BARE, code));
  }

  @Provide
  Arbitrary<String> code() {
    Arbitrary<String> piece = Arbitraries.of("import", "import \"fmt\"", "import (", ")", "\"net/http\"", "\"",
        "'", "'./a'", "p ", "x.y ", "reimport", "imports", "_import", "éimport", "\u0301import", ".import",
        "$import", "(", " ", "\t", "\n", "\r", "\r\n", "\u2028", "\u0085", "x", "é", "import\"a\"", "import()",
        "importé", "export", "export * ", "from", " from ", "{ a }", ";", "require", "require('b')", ".require",
        "import('c')", "exported");
    return piece.list().ofMaxSize(30).map(pieces -> String.join("", pieces));
  }
}
