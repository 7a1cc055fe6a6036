package dev.weft.transforms.program;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.ChunkTextHash;
import dev.weft.context.program.MapCall;
import java.io.Serializable;
import java.util.Objects;
import java.util.Optional;

/**
 * One map result as the result store keeps it: the address, the SHA-256 of the piece it was asked of (a piece
 * whose text changed since is asked again, though its address is the same) and the result.
 *
 * @param pieceHash {@link ChunkTextHash#of(String)} of the piece's text
 */
public record StoredResult(String pieceHash, MapResult result) implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final ObjectMapper JSON = new ObjectMapper();

  public StoredResult {
    Objects.requireNonNull(pieceHash, "pieceHash");
    Objects.requireNonNull(result, "result");
  }

  /** The stored form of {@code result}, asked of {@code call}. */
  public static StoredResult of(MapCall call, MapResult result) {
    return new StoredResult(ChunkTextHash.of(call.piece()), result);
  }

  public String address() {
    return result.address();
  }

  /**
   * Whether this stored result spares asking {@code call} again: it was asked of the same text, and it is a reply
   * (or a failure, when failures are not retried).
   */
  public boolean answers(MapCall call, boolean retryFailed) {
    return address().equals(call.address())
        && pieceHash.equals(ChunkTextHash.of(call.piece()))
        && !(retryFailed && result.failed());
  }

  /** One line of JSON: {@code {address, piece, result}}. */
  public String toJson() {
    ObjectNode node = JSON.createObjectNode();
    node.put("address", result.address());
    node.put("piece", pieceHash);
    node.set("result", result.value());
    try {
      return JSON.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      // a tree of plain nodes always serializes; reaching this is a bug, not bad input
      throw new IllegalStateException("a stored result must serialize, got: " + result, e);
    }
  }

  /**
   * Parses what {@link #toJson} wrote; empty for anything else (a torn or foreign file), which then counts as not
   * done, so the piece is asked again rather than trusted.
   */
  public static Optional<StoredResult> parse(String text) {
    JsonNode node;
    try {
      node = JSON.readTree(text);
    } catch (JsonProcessingException e) {
      return Optional.empty();
    }
    if (node == null || !node.path("address").isTextual() || !node.path("piece").isTextual()
        || !node.has("result")) {
      return Optional.empty();
    }
    return Optional.of(new StoredResult(node.get("piece").asText(),
        new MapResult(node.get("address").asText(), node.get("result"))));
  }
}
