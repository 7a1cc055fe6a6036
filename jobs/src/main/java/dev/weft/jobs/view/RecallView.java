package dev.weft.jobs.view;

import dev.weft.context.Kind;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The kinds {@code weft recall --kind} and the MCP recall take: the corpus's, or one of the memory's. */
public final class RecallView {
  private RecallView() {}

  /** Whether {@code kind} names a kind of the memory (fact, episode), which recall ranks apart from the corpus. */
  public static boolean isMemoryKind(String kind) {
    String k = kind.trim().toLowerCase(Locale.ROOT);
    return k.equals("fact") || k.equals("episode");
  }

  /** The corpus kinds named; a name that is no kind is refused with the kinds there are. */
  public static Set<Kind> corpusKinds(List<String> kinds) {
    Set<Kind> parsed = EnumSet.noneOf(Kind.class);
    for (String k : kinds) {
      try {
        parsed.add(Kind.parse(k));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("kind must be one of code, doc (the corpus) or fact, episode (the memory); "
            + "got: " + k, e);
      }
    }
    return parsed;
  }
}
