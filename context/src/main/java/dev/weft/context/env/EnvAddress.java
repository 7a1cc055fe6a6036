package dev.weft.context.env;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A slot ({@code notes}) or one of its pieces: a chunk {@code notes#line:40/3} (index from 0) or a transcript turn
 * {@code chat#turn/2} (N from 1, as turns are counted).
 *
 * @param slot the slot the content lives in
 * @param piece what follows {@code #} ({@code ""} for the slot itself)
 */
record EnvAddress(String slot, String piece) {
  static final String TURN = "turn";
  private static final Pattern CHUNK = Pattern.compile("(line|size|separator):([1-9][0-9]{0,6})/(0|[1-9][0-9]{0,8})");
  private static final Pattern TURN_PIECE = Pattern.compile("turn/([1-9][0-9]{0,8})");
  private static final Pattern FAMILY = Pattern.compile("|turn|(line|size|separator):[1-9][0-9]{0,6}");

  boolean isSlot() {
    return piece.isEmpty();
  }

  /** The address as written. */
  String address() {
    return isSlot() ? slot : slot + "#" + piece;
  }

  /** Parses a slot name or a piece address, refusing anything else by the rule it breaks. */
  static EnvAddress parse(String address) {
    if (address == null) {
      throw new IllegalArgumentException("a slot name or piece address must be given, got: null");
    }
    int hash = address.indexOf('#');
    if (hash < 0) {
      return new EnvAddress(EnvKeys.checkName(address), "");
    }
    String slot = EnvKeys.checkName(address.substring(0, hash));
    String piece = address.substring(hash + 1);
    if (!CHUNK.matcher(piece).matches() && !TURN_PIECE.matcher(piece).matches()) {
      throw new IllegalArgumentException("'" + address + "' is not a piece address: pieces are addressed "
          + "slot#strategy:size/index (notes#line:40/3) or slot#turn/N (chat#turn/2)");
    }
    return new EnvAddress(slot, piece);
  }

  /** The address of chunk {@code index} made by {@code spec}. */
  static String chunk(String slot, String spec, int index) {
    return slot + "#" + spec + "/" + index;
  }

  static String turn(String slot, int n) {
    return slot + "#" + TURN + "/" + n;
  }

  /** {@code size:1000}: how a chunking is named in its addresses. */
  static String spec(ChunkSpec spec) {
    return spec.strategy().name().toLowerCase(Locale.ROOT) + ":" + spec.size();
  }

  /**
   * Where a piece sorts among its slot's: chunks before turns, each by number (keys sort {@code /10} before
   * {@code /2}, which a map must not see).
   */
  static long order(String piece) {
    Matcher turn = TURN_PIECE.matcher(piece);
    if (turn.matches()) {
      return (1L << 40) + Long.parseLong(turn.group(1));
    }
    Matcher chunk = CHUNK.matcher(piece);
    if (chunk.matches()) {
      return Long.parseLong(chunk.group(3));
    }
    throw new IllegalStateException("stored piece '" + piece + "' has no address form; put its slot again");
  }

  /**
   * A family: {@code notes} or {@code notes#} (every piece), {@code notes#turn} (the turns) or {@code
   * notes#line:40} (that chunking's pieces).
   *
   * @return the slot and the start every member's piece part has ({@code ""}, {@code turn/}, {@code line:40/})
   */
  static EnvAddress family(String family) {
    if (family == null) {
      throw new IllegalArgumentException("a family must be given, got: null");
    }
    int hash = family.indexOf('#');
    if (hash < 0) {
      return new EnvAddress(EnvKeys.checkName(family), "");
    }
    String slot = EnvKeys.checkName(family.substring(0, hash));
    String rest = family.substring(hash + 1);
    if (!FAMILY.matcher(rest).matches()) {
      throw new IllegalArgumentException("'" + family + "' is not a family: write notes (or notes#) for every "
          + "piece of notes, notes#turn for its turns or notes#line:40 for one chunking");
    }
    return new EnvAddress(slot, rest.isEmpty() ? "" : rest + "/");
  }

  /** Whether {@code family} names more than the slot alone ({@code notes#...} rather than {@code notes}). */
  static boolean isFamilyForm(String nameOrFamily) {
    return nameOrFamily != null && nameOrFamily.indexOf('#') >= 0
        && FAMILY.matcher(nameOrFamily.substring(nameOrFamily.indexOf('#') + 1)).matches();
  }
}
