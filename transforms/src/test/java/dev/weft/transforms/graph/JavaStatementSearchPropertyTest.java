package dev.weft.transforms.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link JavaImports} finds its statements by jumping between keyword occurrences, and type names by trying its
 * pattern at capital letters only; both must find exactly what the plain regex search finds, on text made of statements, line breaks of
 * every kind, blanks and words that contain the keywords.
 */
class JavaStatementSearchPropertyTest {
  private static final Pattern PLAIN_TYPE_NAME = Pattern.compile("\\b[A-Z][A-Za-z0-9_]*\\b");

  @Property(tries = 1000)
  void statementsAreThoseARegexSearchFinds(@ForAll("code") String code) {
    for (String keyword : List.of("import", "package")) {
      Pattern pattern = keyword.equals("import") ? JavaImports.IMPORT : JavaImports.PACKAGE;
      List<String> expected = new ArrayList<>();
      Matcher plain = pattern.matcher(code);
      while (plain.find()) {
        expected.add(plain.start() + "-" + plain.end() + ":" + plain.group());
      }
      List<String> found = new ArrayList<>();
      Matcher jumping = pattern.matcher(code);
      for (int from = 0; JavaImports.findStatement(jumping, code, keyword, from); from = jumping.end()) {
        found.add(jumping.start() + "-" + jumping.end() + ":" + jumping.group());
      }
      assertThat(found).as(keyword).isEqualTo(expected);
    }
  }

  @Property(tries = 1000)
  void typeNamesAreThoseOfTheWordBoundaryPattern(@ForAll("code") String code) {
    assertThat(JavaImports.typeNames(code)).isEqualTo(matches(PLAIN_TYPE_NAME, code));
  }

  private static List<String> matches(Pattern pattern, String text) {
    List<String> all = new ArrayList<>();
    Matcher m = pattern.matcher(text);
    while (m.find()) {
      all.add(m.group());
    }
    return all;
  }

  @Provide
  Arbitrary<String> code() {
    Arbitrary<String> piece = Arbitraries.of("import a.B;", "import static c.D.e;", "import f.g.*;", "import ;",
        "package p.q;", "package ;", "reimport x.Y;", "imports", "packaged", "import", "package", "\n", "\r\n", "\r",
        "\u2028", "\u2029", "\u0085", " ", "\t", "\f", "\u000B", "x", "class X {", "}", ";", "é", "Foo", "_Bar",
        "9Z", "ÉCole", "aB", "Z", "\u0301Q");
    return piece.list().ofMaxSize(40).map(pieces -> String.join("", pieces));
  }
}
