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
 * every kind, blanks and words that contain the keywords; and {@link SourceText#strip}, which blanks in place, must
 * give what it gave when it appended every character to a builder.
 */
class JavaStatementSearchPropertyTest {
  private static final Pattern PLAIN_TYPE_NAME = Pattern.compile("\\b[A-Z][A-Za-z0-9_]*\\b");

  @Property(tries = 1000)
  void statementsAreThoseARegexSearchFinds(@ForAll("code") String code) {
    for (String keyword : List.of("import", "package")) {
      Pattern pattern = keyword.equals("import") ? JavaImports.IMPORT : JavaImports.PACKAGE;
      assertThat(SearchMatches.jumping(pattern, code,
          (m, text, from) -> SourceText.findStatement(m, text, keyword, from, SourceText.BLANK)))
          .as(keyword).isEqualTo(SearchMatches.plain(pattern, code));
    }
  }

  @Property(tries = 1000)
  void typeNamesAreThoseOfTheWordBoundaryPattern(@ForAll("code") String code) {
    assertThat(JavaImports.typeNames(code)).isEqualTo(matches(PLAIN_TYPE_NAME, code));
  }

  @Property(tries = 1000)
  void strippingInPlaceBlanksWhatAppendingDid(@ForAll("lexed") String text) {
    for (boolean strings : List.of(false, true)) {
      for (boolean hash : List.of(false, true)) {
        assertThat(SourceText.strip(text, strings, hash)).isEqualTo(appendingStrip(text, strings, hash));
      }
    }
  }

  /** {@link SourceText#strip} as it was written before it blanked in place: the oracle. */
  private static String appendingStrip(String text, boolean blankStrings, boolean hashComments) {
    StringBuilder out = new StringBuilder(text.length());
    int n = text.length();
    int i = 0;
    while (i < n) {
      char c = text.charAt(i);
      if (hashComments ? c == '#' : c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
        while (i < n && text.charAt(i) != '\n') {
          out.append(' ');
          i++;
        }
      } else if (!hashComments && c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
        int end = text.indexOf("*/", i + 2);
        end = end < 0 ? n : end + 2;
        appendBlank(text, i, end, out);
        i = end;
      } else if (c == '"' || c == '\'' || c == '`') {
        int end = oracleStringEnd(text, i, c);
        out.append(c);
        if (blankStrings) {
          appendBlank(text, i + 1, Math.max(i + 1, end - 1), out);
        } else {
          out.append(text, i + 1, Math.max(i + 1, end - 1));
        }
        if (end - 1 > i) {
          char last = text.charAt(end - 1);
          out.append(last == c || last == '\n' || !blankStrings ? last : ' ');
        }
        i = end;
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }

  private static int oracleStringEnd(String text, int start, char quote) {
    if (text.startsWith(String.valueOf(quote).repeat(3), start)) {
      int end = text.indexOf(String.valueOf(quote).repeat(3), start + 3);
      return end < 0 ? text.length() : end + 3;
    }
    int i = start + 1;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '\\') {
        i += 2;
        continue;
      }
      if (c == quote) {
        return i + 1;
      }
      if (c == '\n' && quote != '`') {
        return i;
      }
      i++;
    }
    return text.length();
  }

  private static void appendBlank(String text, int from, int to, StringBuilder out) {
    for (int i = from; i < to && i < text.length(); i++) {
      out.append(text.charAt(i) == '\n' ? '\n' : ' ');
    }
  }

  @Provide
  Arbitrary<String> lexed() {
    Arbitrary<String> piece = Arbitraries.of("/", "*", "//", "/*", "*/", "#", "\"", "'", "`", "\"\"\"", "'''", "\\",
        "\n", "\r", " ", "x", "import a.B;", "é", "\u2028");
    return piece.list().ofMaxSize(40).map(pieces -> String.join("", pieces));
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
