package dev.weft.transforms.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Test helper: a pattern's matches in a text, as {@code start-end:text}, by the plain search or a keyword search. */
final class SearchMatches {
  /** A search that answers what {@code find()} from {@code from} would, by jumping between keyword occurrences. */
  interface KeywordSearch {
    boolean find(Matcher pattern, String code, int from);
  }

  private SearchMatches() {}

  static List<String> plain(Pattern pattern, String code) {
    List<String> matches = new ArrayList<>();
    Matcher plain = pattern.matcher(code);
    while (plain.find()) {
      matches.add(plain.start() + "-" + plain.end() + ":" + plain.group());
    }
    return matches;
  }

  static List<String> jumping(Pattern pattern, String code, KeywordSearch search) {
    List<String> matches = new ArrayList<>();
    Matcher jumping = pattern.matcher(code);
    for (int from = 0; search.find(jumping, code, from); from = jumping.end()) {
      matches.add(jumping.start() + "-" + jumping.end() + ":" + jumping.group());
    }
    return matches;
  }
}
