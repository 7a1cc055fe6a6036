package dev.weft.context.env;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** Finds a Java regex across named texts, with a window around each hit, within caps and a work budget. */
final class Grep {
  private Grep() {}

  /** Compiles {@code pattern}, refusing one that is too long or not a regex with the regex engine's own words. */
  static Pattern compile(String pattern) {
    EnvLimits.checkLength("a grep pattern", pattern, EnvLimits.MAX_PATTERN_CHARS);
    try {
      return Pattern.compile(pattern);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException("grep pattern '" + pattern + "' is not a Java regex: "
          + e.getDescription() + " at index " + e.getIndex() + "; escape special characters with \\ (or use "
          + "\\Q...\\E for a literal)");
    }
  }

  /** The options checked against their caps. */
  static GrepOptions check(GrepOptions options) {
    if (options == null) {
      throw new IllegalArgumentException("grep options must be given, got: null");
    }
    EnvLimits.checkLength("a grep scope", options.scope(), EnvLimits.MAX_PATTERN_CHARS);
    EnvLimits.check("maxHits", options.maxHits(), 1, EnvLimits.MAX_GREP_HITS);
    EnvLimits.check("window", options.window(), 0, EnvLimits.MAX_GREP_WINDOW);
    return options;
  }

  /** The read budget for texts of {@code chars} chars in all. */
  static long budget(long chars) {
    return EnvLimits.GREP_BASE_WORK + EnvLimits.GREP_WORK_PER_CHAR * chars;
  }

  /**
   * The hits of {@code pattern} in {@code texts} (in iteration order), at most {@code maxHits}; {@code truncated}
   * when there was one more. Each hit's window is up to {@code window} chars before the match, the match (at most
   * {@link EnvLimits#GREP_MATCH_CHARS} of it) and up to {@code window} chars after what is shown of it.
   *
   * @throws IllegalArgumentException when matching took more than {@code budget} char reads
   */
  static GrepResult find(Pattern pattern, Map<String, CharSequence> texts, GrepOptions options, long budget) {
    check(options);
    long[] remaining = {budget};
    List<GrepHit> hits = new ArrayList<>();
    try {
      for (Map.Entry<String, CharSequence> entry : texts.entrySet()) {
        CharSequence text = entry.getValue();
        Matcher matcher = pattern.matcher(new BudgetedText(text, remaining));
        while (matcher.find()) {
          if (hits.size() == options.maxHits()) {
            return new GrepResult(hits, true);
          }
          hits.add(new GrepHit(entry.getKey(), matcher.start(), window(text, matcher, options.window())));
        }
      }
    } catch (BudgetedText.Exhausted e) {
      throw new IllegalArgumentException("grep pattern '" + pattern.pattern() + "' needed more than " + budget
          + " character reads (" + EnvLimits.GREP_WORK_PER_CHAR + " per character searched, plus "
          + EnvLimits.GREP_BASE_WORK + "): it backtracks catastrophically (nested quantifiers such as (a+)+); "
          + "simplify it or narrow the scope");
    }
    return new GrepResult(hits, false);
  }

  private static String window(CharSequence text, Matcher matcher, int window) {
    int shownEnd = Math.min(matcher.end(), matcher.start() + EnvLimits.GREP_MATCH_CHARS);
    int from = Math.max(0, matcher.start() - window);
    int to = Math.min(text.length(), shownEnd + window);
    return text.subSequence(from, to).toString();
  }
}
