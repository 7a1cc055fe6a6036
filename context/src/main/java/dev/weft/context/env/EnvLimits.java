package dev.weft.context.env;

/**
 * Every cap of the environment, in one place (docs/ledger.md, "Environment", lists them). Each is a finite integer
 * and every value a caller passes is checked against its cap by {@link #check}, so an answer's size is bounded by
 * these numbers alone, never by how large a slot is.
 */
public final class EnvLimits {
  /** Longest slot name, in chars; a name is part of every key and address the slot has. */
  public static final int MAX_NAME_CHARS = 200;
  /** Largest slot, in chars (64 Mi): put takes the content as one string, so this bounds what a caller hands over. */
  public static final int MAX_SLOT_CHARS = 64 * 1024 * 1024;
  /**
   * Chars per stored block of content. A slot is kept as blocks so that read, peek, grep and chunk load one or two
   * blocks at a time: a 10 MB slot is never held whole, and a read of 400 chars costs one 64k block, not the slot.
   */
  public static final int BLOCK_CHARS = 64 * 1024;
  /** Slots a digest lists (most recently written first); the rest are counted. */
  public static final int DIGEST_SLOTS = 12;
  /** Chars a peek shows. */
  public static final int PEEK_CHARS = 400;
  /** Most chars one read answers; a piece of the largest chunk size is one read. */
  public static final int MAX_READ_CHARS = 1_000_000;
  /** Largest chunk size (chars for size and separator, lines for line). */
  public static final int MAX_CHUNK_SIZE = 1_000_000;
  /** Most pieces one chunking may make: a map over more belongs in the Beam runner over a dataset. */
  public static final int MAX_PIECES = 100_000;
  /** Piece addresses a chunk answer lists (the rest are read with pieces()). */
  public static final int CHUNK_LISTED = 5;
  /** Longest separator, in chars. */
  public static final int MAX_SEPARATOR_CHARS = 100;
  /** Most hits one grep answers. */
  public static final int MAX_GREP_HITS = 100;
  /** Most chars of context on each side of a hit. */
  public static final int MAX_GREP_WINDOW = 400;
  /** Chars of the match itself a hit shows (a match may span a whole slot: {@code (?s).*}). */
  public static final int GREP_MATCH_CHARS = 200;
  /** Longest grep pattern or scope, in chars. */
  public static final int MAX_PATTERN_CHARS = 1_000;
  /**
   * The regex engine may read each char of the slots it searches this many times (plus {@link #GREP_BASE_WORK});
   * a pattern that backtracks catastrophically ({@code (a+)+b}) runs out of budget and is refused instead of
   * running for hours.
   */
  public static final int GREP_WORK_PER_CHAR = 64;
  /** Char reads every grep may make besides its per-char budget, so short slots still admit real patterns. */
  public static final long GREP_BASE_WORK = 10_000_000L;
  /** Longest jq query, in chars. */
  public static final int MAX_JQ_CHARS = 4_000;
  /** Longest transcript role, in chars. */
  public static final int MAX_ROLE_CHARS = 40;

  private EnvLimits() {}

  /** {@code value} when it lies in [min, max], else "window must be between 0 and 400, got: 5000". */
  public static int check(String what, int value, int min, int max) {
    if (value < min || value > max) {
      throw new IllegalArgumentException(what + " must be between " + min + " and " + max + ", got: " + value);
    }
    return value;
  }

  /** {@code value} when it is non-null and at most {@code max} chars long, naming what it is otherwise. */
  static String checkLength(String what, String value, int max) {
    if (value == null) {
      throw new IllegalArgumentException(what + " must be given, got: null");
    }
    if (value.length() > max) {
      throw new IllegalArgumentException(what + " must be at most " + max + " chars, got: " + value.length()
          + " chars starting '" + value.substring(0, Math.min(40, value.length())) + "'");
    }
    return value;
  }
}
