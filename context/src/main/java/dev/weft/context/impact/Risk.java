package dev.weft.context.impact;

import com.fasterxml.jackson.annotation.JsonValue;

/** How risky changing a symbol is, by how many places refer to it: low ≤ 2, medium 3–10, high 11 and more. */
public enum Risk {
  LOW("low"),
  MEDIUM("medium"),
  HIGH("high");

  private final String id;

  Risk(String id) {
    this.id = id;
  }

  /** The name JSON and the CLI print: {@code low}, {@code medium}, {@code high}. */
  @JsonValue
  public String id() {
    return id;
  }

  /** The risk of a symbol referred to from {@code refCount} places. */
  public static Risk of(int refCount) {
    if (refCount < 0) {
      throw new IllegalArgumentException("refCount must be at least 0, got: " + refCount);
    }
    return refCount <= 2 ? LOW : refCount <= 10 ? MEDIUM : HIGH;
  }
}
