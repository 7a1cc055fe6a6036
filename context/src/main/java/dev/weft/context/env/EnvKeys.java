package dev.weft.context.env;

import java.util.Locale;

/**
 * Where the environment keeps things in its store, all under {@code env/} (the ledger uses {@code ledger/}, the
 * memory {@code memory/}), and the rule a slot name follows:
 *
 * <pre>
 * env/clock                          {"last": n}: the last write sequence number (recency, generations)
 * env/slot/NAME                      a slot's metadata (SlotRecord): never its content
 * env/data/NAME#GENERATION/BLOCK     {"content": up to 64k chars}: the content, in blocks
 * env/piece/NAME#SPEC/INDEX          a piece (PieceRecord): a range of its slot's content, never a copy
 * </pre>
 *
 * A name never holds {@code #}, so {@code NAME#} prefixes only that slot's blocks and pieces, never another
 * slot's ({@code notes} and {@code notes2} stay apart). Blocks carry the generation (the write that put them), so
 * a reader holding an older generation finds its blocks gone rather than reading a mix of two contents.
 */
final class EnvKeys {
  static final String ROOT = "env/";
  static final String CLOCK = ROOT + "clock";
  static final String SLOT = ROOT + "slot/";
  static final String DATA = ROOT + "data/";
  static final String PIECE = ROOT + "piece/";

  private EnvKeys() {}

  static String slot(String name) {
    return SLOT + name;
  }

  /** Every block of every generation of a slot. */
  static String dataPrefix(String name) {
    return DATA + name + "#";
  }

  static String block(String name, long generation, int block) {
    return dataPrefix(name) + String.format(Locale.ROOT, "%010d/%06d", generation, block);
  }

  /** Every piece of a slot. */
  static String piecePrefix(String name) {
    return PIECE + name + "#";
  }

  static String piece(String address) {
    return PIECE + address;
  }

  /**
   * Refuses a name that could not be a slot: null, blank, holding {@code #} (which separates a slot from its
   * pieces) or a control character, or longer than {@link EnvLimits#MAX_NAME_CHARS}.
   */
  static String checkName(String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a slot name must not be blank, got: " + (name == null ? "null"
          : "'" + name + "'"));
    }
    EnvLimits.checkLength("a slot name", name, EnvLimits.MAX_NAME_CHARS);
    if (name.indexOf('#') >= 0) {
      throw new IllegalArgumentException("a slot name must not contain '#' (it separates a slot from its pieces, "
          + "as in notes#line:40/3), got: '" + name + "'");
    }
    for (int i = 0; i < name.length(); i++) {
      if (Character.isISOControl(name.charAt(i))) {
        throw new IllegalArgumentException("a slot name must not contain control characters (newlines, tabs), got: "
            + "'" + name.replaceAll("\\p{Cntrl}", "?") + "'");
      }
    }
    return name;
  }
}
