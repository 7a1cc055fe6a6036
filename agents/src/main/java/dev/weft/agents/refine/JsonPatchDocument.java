package dev.weft.agents.refine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.program.CompileError;
import java.util.List;
import java.util.Objects;

/**
 * A guarded document held as JSON and changed by an RFC 6902 patch: gate 1 is the patch's schema and gate 2 is
 * zjsonpatch on a copy, the same for every such document, so its users write only gates 3 and 4.
 */
abstract class JsonPatchDocument<P> implements GuardedDocument<JsonNode, P> {
  private final PatchSchema schema;

  JsonPatchDocument(PatchSchema schema) {
    this.schema = Objects.requireNonNull(schema, "schema");
  }

  @Override
  public final List<CompileError> validate(JsonNode proposal) {
    return schema.check(proposal);
  }

  @Override
  public final JsonNode apply(JsonNode document, JsonNode proposal) {
    return PatchApply.apply(document, proposal);
  }
}
