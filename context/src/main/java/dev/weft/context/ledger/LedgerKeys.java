package dev.weft.context.ledger;

import java.util.Locale;

/**
 * Where the ledger keeps each kind of record in the store. Every key lives under {@code ledger/} (the memory write
 * path uses {@code memory/} in the same store). Sequences are zero-padded to ten digits so that {@code keys(prefix)},
 * which sorts by {@link String#compareTo}, lists records in the order they were minted.
 */
final class LedgerKeys {
  static final String ROOT = "ledger/";
  /** The high-water marks of every minted sequence: never lowered, not even by a rollback. */
  static final String COUNTERS = ROOT + "counters";
  /** Retention limits ({@code archive}, {@code goal}). */
  static final String LIMITS = ROOT + "limits";
  /** {@code {"model", "dims"}}: the embedder the ledger's vectors are made by ({@link LedgerEmbedder}). */
  static final String CONFIG = ROOT + "config";
  static final String SLOT_DATA = ROOT + "slotdata/";

  private static final int DIGITS = 10;

  private LedgerKeys() {}

  /** The kinds of record that carry an address {@code kind:n}. */
  enum Kind {
    GOAL,
    MEMORY,
    SKILL,
    SLOT;

    String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    String prefix() {
      return ROOT + label() + "/";
    }

    String key(long seq) {
      return prefix() + pad(seq);
    }

    String address(long seq) {
      return label() + ":" + seq;
    }
  }

  static String pad(long seq) {
    String digits = Long.toString(seq);
    if (digits.length() > DIGITS) {
      throw new IllegalStateException("sequence " + seq + " has more than " + DIGITS + " digits");
    }
    return "0".repeat(DIGITS - digits.length()) + digits;
  }

  static String slotDataKey(long seq) {
    return SLOT_DATA + pad(seq);
  }

  /**
   * The sequence number of an address such as {@code memory:7}.
   *
   * @throws IllegalArgumentException naming the address and the expected form
   */
  static long seq(Kind kind, String address) {
    String expected = kind.label() + ":";
    if (address == null || !address.startsWith(expected)) {
      throw new IllegalArgumentException(
          "a " + kind.label() + " address has the form " + expected + "N, got: '" + address + "'");
    }
    try {
      long seq = Long.parseLong(address.substring(expected.length()));
      if (seq < 1) {
        throw new NumberFormatException();
      }
      return seq;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "a " + kind.label() + " address has the form " + expected + "N with N at least 1, got: '" + address + "'");
    }
  }

  /** The address a key holds, {@code ledger/memory/0000000007} → {@code memory:7}. */
  static String addressOf(Kind kind, String key) {
    return kind.address(Long.parseLong(key.substring(kind.prefix().length())));
  }
}
