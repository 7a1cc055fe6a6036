package dev.weft.context.env;

/**
 * A slot's (or a family's) size and shape.
 *
 * @param name the slot, or the family asked for
 * @param chars characters of content
 * @param bytes UTF-8 bytes of content
 * @param lines lines of content
 * @param pieces pieces derived from it (0 for a single slot that was never chunked)
 * @param family whether this sums a family
 */
public record SlotStat(String name, long chars, long bytes, long lines, int pieces, boolean family) {}
