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
 * {@link SourceText#findAtKeyword} tries a pattern only where its keyword occurs; it must find exactly what the
 * plain regex search finds: Go's import patterns on text made of import forms, words that contain the keyword
 * (before and after it), non-ASCII letters and marks (which a word boundary counts as word characters), and line
 * breaks; and patterns that look before the keyword or anchor at a line start.
 */
class KeywordSearchPropertyTest {
  private static final List<Pattern> PATTERNS = List.of(GoImports.BLOCK, GoImports.SINGLE,
      Pattern.compile("(?m)^import\\b"), Pattern.compile("(?<![.\\w$])import\\s*\\("));

  @Property(tries = 2000)
  void matchesAreThoseOfThePlainSearch(@ForAll("code") String code) {
    for (Pattern pattern : PATTERNS) {
      assertThat(SearchMatches.jumping(pattern, code, "import", SourceText::findAtKeyword)).as(pattern.pattern())
          .isEqualTo(SearchMatches.plain(pattern, code));
    }
  }

  @Provide
  Arbitrary<String> code() {
    Arbitrary<String> piece = Arbitraries.of("import", "import \"fmt\"", "import (", ")", "\"net/http\"", "\"",
        "p ", "x.y ", "reimport", "imports", "_import", "éimport", "\u0301import", ".import", "$import", "(", " ",
        "\t", "\n", "\r", "\u2028", "x", "é", "import\"a\"", "import()", "importé");
    return piece.list().ofMaxSize(30).map(pieces -> String.join("", pieces));
  }
}
