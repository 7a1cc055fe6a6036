package dev.weft.models.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/**
 * Every duration a user writes goes through {@link SpecDurations}: the short form and ISO-8601 name the same span,
 * what it prints it reads back, and anything else is refused with the one message naming the form.
 */
class SpecDurationsPropertyTest {
  @Property
  void theShortFormAndIso8601NameTheSameSpan(@ForAll @LongRange(min = 0, max = 999_999_999) long n) {
    String iso = "PT" + n / 1000 + "." + pad(n % 1000) + "S";
    assertThat(SpecDurations.parse(n + "ms")).isEqualTo(SpecDurations.parse(iso)).isEqualTo(Duration.ofMillis(n));
    assertThat(SpecDurations.parse(n + "s")).isEqualTo(SpecDurations.parse("PT" + n + "S"));
    assertThat(SpecDurations.parse(n + "m")).isEqualTo(SpecDurations.parse("PT" + n + "M"));
    assertThat(SpecDurations.parse(n + "h")).isEqualTo(SpecDurations.parse("pt" + n + "h"));
  }

  @Property
  void whatItPrintsItReadsBack(@ForAll @LongRange(min = 0, max = 999_999_999) long millis) {
    Duration duration = Duration.ofMillis(millis);
    assertThat(SpecDurations.parse(SpecDurations.format(duration))).isEqualTo(duration);
  }

  @Property
  void anythingElseIsRefusedNamingTheOptionTheFormAndTheValue(@ForAll("notDurations") String text) {
    assertThatThrownBy(() -> SpecDurations.parse("--window", text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--window must be " + SpecDurations.FORM_HELP + ", got: " + text);
  }

  @Property
  void wordsAreNotDurations(@ForAll @AlphaChars @StringLength(min = 1, max = 12) String word) {
    // a duration has a number in it, in either form
    assertThatThrownBy(() -> SpecDurations.parse(word)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aNegativeDurationIsRefused() {
    assertThatThrownBy(() -> SpecDurations.parse("--lockWait", "PT-5S"))
        .hasMessage("--lockWait must not be negative, got: PT-5S");
  }

  @Test
  void surroundingSpaceAndCaseDoNotMatter() {
    assertThat(SpecDurations.parse(" 10S ")).isEqualTo(Duration.ofSeconds(10));
    assertThat(SpecDurations.parse("pt1m")).isEqualTo(Duration.ofMinutes(1));
  }

  @Provide
  Arbitrary<String> notDurations() {
    return Arbitraries.oneOf(
        Arbitraries.longs().between(0, 999).map(n -> n + " seconds"),
        Arbitraries.longs().between(1, 999).map(n -> n + "d"),
        Arbitraries.longs().between(1, 999).map(n -> "-" + n + "s"),
        Arbitraries.longs().between(1, 999).map(n -> n + ".5s"),
        Arbitraries.longs().between(1, 999).map(String::valueOf),
        Arbitraries.of("", "soon", "P", "PT", "1x", "ms", "10 m", "P1Y"));
  }

  private static String pad(long millis) {
    return String.format("%03d", millis);
  }
}
