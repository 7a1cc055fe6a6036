package dev.weft.context.memory;

/**
 * Which records a bulk {@link Memory#forget(ForgetSelector, MemoryScope)} removes: those of {@code kind} and/or
 * written by {@code by}. At least one must be given: an empty selector would forget the whole scope, and is refused.
 */
public record ForgetSelector(MemoryKind kind, MemoryAuthor by) {
  public ForgetSelector {
    if (kind == null && by == null) {
      throw new IllegalArgumentException("forget needs a kind or an author (by) to select records, got neither; "
          + "an empty selector would forget the whole scope — name a kind (fact, episode, doc) or an author");
    }
  }

  boolean matches(MemoryRecord record) {
    return (kind == null || record.kind() == kind) && (by == null || record.by() == by);
  }
}
