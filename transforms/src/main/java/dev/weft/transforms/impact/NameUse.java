package dev.weft.transforms.impact;

/**
 * One identifier a parser found in a chunk's code (never in a comment or a string).
 *
 * @param name the identifier as written
 * @param line its 0-based line within the chunk's text
 * @param use how the code uses it
 */
public record NameUse(String name, int line, Use use) {
  /** How an identifier is used. */
  public enum Use {
    /** called: {@code name(...)}, {@code x.name(...)}, {@code new Name(...)} */
    CALL,
    /** any other use: a read, a type, an import, a decorator */
    REFERENCE,
    /** the name being declared (a function's, class's or variable's own name) */
    DECLARATION
  }

  /** True for a call or a reference: what confirms a mention. */
  public boolean refers() {
    return use != Use.DECLARATION;
  }
}
