package dev.weft.context.error;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/** A quoted value is the value when short, else its start and its length: never longer than a line can hold. */
class QuoteProperties {
  @Property(tries = 300)
  void aQuoteIsTheValueOrItsStartAndLength(@ForAll @StringLength(max = 1000) String value) {
    String quoted = Quote.of(value);

    if (value.length() <= Quote.MAX_CHARS) {
      assertThat(quoted).isEqualTo(value);
    } else {
      String start = quoted.substring(0, quoted.indexOf("… ("));
      assertThat(value).startsWith(start);
      assertThat(start.length()).isBetween(Quote.MAX_CHARS - 1, Quote.MAX_CHARS);
      assertThat(quoted).endsWith("… (" + value.length() + " chars)");
    }
  }

  @Test
  void aSurrogatePairIsNeverSplit() {
    String value = "x".repeat(Quote.MAX_CHARS - 1) + "\uD83D\uDE00" + "y".repeat(10);

    assertThat(Quote.of(value)).isEqualTo("x".repeat(Quote.MAX_CHARS - 1) + "… (211 chars)");
    assertThat(Quote.of(null)).isEqualTo("null");
  }
}
