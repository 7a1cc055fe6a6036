package dev.weft.transforms.program;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.ChunkTextHash;
import java.util.Optional;

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

  /**
   * The fingerprint a map's results are kept under: SHA-256 over what decides a reply — the instruction, the output
   * schema and the model's identity (its name and endpoint) — so changing the reduce or the answer step reuses every
   * map result, and changing the instruction or the model asks everything again. First 32 hex digits.
   */
  public static String fingerprint(String instruction, Optional<JsonNode> outputSchema, String model) {
    String schema = outputSchema.map(JsonNode::toString).orElse("");
    // lengths first, so no two different triples spell the same string
    String material = instruction.length() + ":" + instruction + "|" + schema.length() + ":" + schema + "|" + model;
    return ChunkTextHash.of(material).substring(0, 32);
  }
}
