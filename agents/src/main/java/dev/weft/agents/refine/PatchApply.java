package dev.weft.agents.refine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.flipkart.zjsonpatch.JsonPatch;
import com.flipkart.zjsonpatch.JsonPatchApplicationException;
import dev.weft.agents.program.CompileError;
import dev.weft.agents.program.ErrorCode;
import java.util.List;

/** Gate 2: an RFC 6902 patch applied to a copy with zjsonpatch, one operation at a time to name the one that fails. */
final class PatchApply {
  private PatchApply() {}

  /**
   * {@code document} with {@code patch} applied; {@code document} is not changed.
   *
   * @throws RefinementRefusedException {@code AI0401} at {@code /N}, the operation that does not apply
   */
  static JsonNode apply(JsonNode document, JsonNode patch) {
    JsonNode current = document.deepCopy();
    for (int i = 0; i < patch.size(); i++) {
      ArrayNode one = JsonNodeFactory.instance.arrayNode().add(patch.get(i));
      try {
        current = JsonPatch.apply(one, current);
      } catch (JsonPatchApplicationException e) { // InvalidJsonPatchException is one too
        throw new RefinementRefusedException(List.of(new CompileError(ErrorCode.AI0401, "/" + i,
            "the operation does not apply to the state as it is: " + e.getMessage()
            + "; address an index the state holds, or append with '-'")));
      }
    }
    return current;
  }
}
