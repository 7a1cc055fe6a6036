package dev.weft.transforms.chunk;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link Lines} splits exactly as {@link String#lines()} does and calls a line blank exactly when
 * {@link String#isBlank()} does, on texts with lone {@code \n} terminators (its fast path) and with {@code \r} and
 * {@code \r\n} ones.
 */
class LinesPropertyTest {
  @Property(tries = 1000)
  void splitsAsStringLinesDoes(@ForAll("texts") String text) {
    Lines lines = Lines.of(text);
    List<String> expected = text.lines().toList();

    assertThat(lines.count()).isEqualTo(expected.size());
    for (int i = 0; i < expected.size(); i++) {
      assertThat(lines.line(i)).isEqualTo(expected.get(i));
      assertThat(lines.isBlank(i)).isEqualTo(expected.get(i).isBlank());
    }
    if (!expected.isEmpty()) {
      assertThat(lines.text(0, expected.size() - 1)).isEqualTo(String.join("\n", expected));
    }
  }

  @Provide
  Arbitrary<String> texts() {
    Arbitrary<String> piece = Arbitraries.of("a", "class X {", "}", " ", "\t", "\u2003", "\u00a0", "\n", "\n", "\n\n",
        "\r\n", "\r", "é", "");
    Arbitrary<String> plain = piece.filter(p -> !p.contains("\r")).list().ofMaxSize(30)
        .map(pieces -> String.join("", pieces));
    Arbitrary<String> mixed = piece.list().ofMaxSize(30).map(pieces -> String.join("", pieces));
    return Arbitraries.oneOf(plain, mixed);
  }
}
