package dev.weft.context.env;

/**
 * A piece as stored: a range of its slot's content (the slot's generation it was cut from), not a copy — a
 * chunking of a 10 MB slot writes small records, and putting the slot again removes them in the same commit.
 *
 * @param role the speaker, for a transcript turn; null for a chunk
 */
record PieceRecord(String address, long generation, int offset, int chars, long bytes, long lines, String role) {
  TextShape shape() {
    return new TextShape(chars, bytes, lines);
  }
}
