package dev.weft.agents.loop;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;

/** The cut of a tool result: a prefix of the text, the cut said with both counts, never half a character. */
class ToolResultTextTest {
  @Property
  void aCutKeepsAPrefixSaysTheCutAndNeverSplitsASurrogatePair(
      @ForAll @StringLength(max = 300) String text, @ForAll @IntRange(min = 1, max = 320) int max) {
    String cut = ToolResultText.cut(text, max);
    if (text.length() <= max) {
      assertThat(cut).isEqualTo(text);
      return;
    }
    int kept = cut.indexOf("… [cut: ") >= 0 ? cut.lastIndexOf("… [cut: ") : -1;
    assertThat(kept).isBetween(max - 1, max);
    assertThat(text).startsWith(cut.substring(0, kept));
    assertThat(cut.substring(kept)).isEqualTo(String.format(Locale.ROOT, "… [cut: %,d of %,d characters shown]",
        kept, text.length()));
    if (kept > 0) {
      assertThat(Character.isHighSurrogate(cut.charAt(kept - 1))).isFalse();
    }
  }

  @Property
  void aCutThroughEmojiKeepsWholeCharacters(@ForAll @IntRange(max = 50) int ascii,
      @ForAll @IntRange(min = 1, max = 50) int emoji, @ForAll @IntRange(min = 1, max = 150) int max) {
    String text = "a".repeat(ascii) + "\uD83D\uDE00".repeat(emoji);
    String cut = ToolResultText.cut(text, max);
    String kept = text.length() <= max ? cut : cut.substring(0, cut.lastIndexOf("… [cut: "));
    assertThat(kept.codePoints().filter(c -> Character.isSurrogate((char) c)).count()).isZero();
    assertThat(text).startsWith(kept);
  }
}
