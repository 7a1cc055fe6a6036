package dev.weft.transforms.program;

import dev.weft.context.ChunkTextHash;

/**
 * How results are named in a result store: a directory per program fingerprint, a file per item address. The
 * file name is the SHA-256 of the address (addresses hold {@code /}, {@code #} and {@code :}, which are not safe in
 * every file system's names); the address itself is inside the file.
 */
public final class ResultKeys {
  /** The suffix of a complete result file; a file being written has another, so a listing never sees it. */
  public static final String SUFFIX = ".json";
  /** The suffix of a result file being written (then renamed to {@link #SUFFIX}). */
  public static final String PARTIAL_SUFFIX = ".partial";

  private ResultKeys() {}

  /** The file name of the result of {@code address}. */
  public static String fileName(String address) {
    return ChunkTextHash.of(address) + SUFFIX;
  }
}
