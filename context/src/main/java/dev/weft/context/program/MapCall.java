package dev.weft.context.program;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.Serializable;
import java.util.Objects;
import java.util.Optional;

/**
 * One piece put to a {@code map} step's instruction.
 *
 * @param address the piece's address ({@code slot#line:40/3}, a chunk id {@code path#n}, a dataset record id);
 *     results are stored under it
 * @param instruction the step's instruction, as compiled
 * @param piece the piece's text
 * @param outputSchema the JSON Schema a reply must satisfy, when the step asks for structured output
 */
public record MapCall(String address, String instruction, String piece, Optional<JsonNode> outputSchema)
    implements Serializable {
  public MapCall {
    Objects.requireNonNull(address, "address");
    Objects.requireNonNull(instruction, "instruction");
    Objects.requireNonNull(piece, "piece");
    Objects.requireNonNull(outputSchema, "outputSchema");
  }

  /** Java serialization (a Subcall's worker may get calls that way) cannot write an Optional: this form can. */
  private Object writeReplace() {
    return new Serialized(address, instruction, piece, outputSchema.orElse(null));
  }

  private record Serialized(String address, String instruction, String piece, JsonNode outputSchema)
      implements Serializable {
    private Object readResolve() {
      return new MapCall(address, instruction, piece, Optional.ofNullable(outputSchema));
    }
  }
}
