package dev.weft.agents.refine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import dev.weft.agents.model.OutputSchema;
import dev.weft.agents.program.CompileError;
import dev.weft.agents.program.ErrorCode;
import dev.weft.schemas.WeftSchemas;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * A patch JSON Schema (shipped by {@code schemas}) and its check through networknt. An operation that fits no
 * branch of the schema's {@code items.oneOf} is judged against the one branch its {@code op} and {@code path}
 * choose, so the model reads "{@code /0/value: required property 'note' not found}" rather than every branch's
 * complaint; an operation whose op and path choose none is told which targets exist. Immutable and thread-safe.
 */
public final class PatchSchema {
  /** A proposal's JSON text longer than this is refused before it is checked (an envelope could be large). */
  public static final int MAX_CHARS = 64_000;

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
      builder -> builder.schemaLoader(loader -> loader.fetchRemoteResources(false)));

  private final String name;
  private final ObjectNode node;
  private final Schema whole;
  private final List<Branch> branches;

  private PatchSchema(String name, ObjectNode node) {
    this.name = name;
    this.node = node;
    this.whole = REGISTRY.getSchema(node.toString(), InputFormat.JSON);
    this.branches = new ArrayList<>();
    for (JsonNode branch : node.path("items").path("oneOf")) {
      JsonNode resolved = branch.has("$ref") ? resolve(branch.get("$ref").asText()) : branch;
      ObjectNode sub = node.deepCopy();
      for (String member : List.of("$id", "type", "maxItems", "items", "title", "description")) {
        sub.remove(member);
      }
      sub.setAll((ObjectNode) branch.deepCopy());
      JsonNode op = resolved.path("properties").path("op");
      List<String> ops = new ArrayList<>();
      if (op.has("const")) {
        ops.add(op.get("const").asText());
      }
      op.path("enum").forEach(o -> ops.add(o.asText()));
      JsonNode path = resolved.path("properties").path("path");
      String pattern = path.has("$ref") ? resolve(path.get("$ref").asText()).path("pattern").asText()
          : path.path("pattern").asText();
      branches.add(new Branch(ops, Pattern.compile(pattern), REGISTRY.getSchema(sub.toString(), InputFormat.JSON)));
    }
  }

  /** The refinement patch over a ledger's supplemental state, capped at {@code maxOps} operations. */
  public static PatchSchema refinement(int maxOps) {
    return load("refinement_patch", WeftSchemas.refinementPatchSchemaText(), maxOps);
  }

  /** A patch over one claim-evidence envelope, capped at {@code maxOps} operations. */
  public static PatchSchema claims(int maxOps) {
    return load("claim_patch", WeftSchemas.claimPatchSchemaText(), maxOps);
  }

  private static PatchSchema load(String name, String text, int maxOps) {
    if (maxOps < 0 || maxOps > 64) {
      throw new IllegalArgumentException("maxOps must be between 0 and 64, got: " + maxOps);
    }
    try {
      ObjectNode node = (ObjectNode) JSON.readTree(text);
      node.put("maxItems", maxOps);
      return new PatchSchema(name, node);
    } catch (IOException e) {
      throw new UncheckedIOException("the shipped schema " + name + " must be JSON", e);
    }
  }

  /** The schema as a chat request's output schema (what constrains the model's decoding). */
  public OutputSchema outputSchema() {
    return new OutputSchema(name, node);
  }

  /** The cap on operations. */
  public int maxOps() {
    return node.get("maxItems").asInt();
  }

  /** Gate 1: the schema's complaints, each {@code AI0101} with its pointer; empty when the patch conforms. */
  public List<CompileError> check(JsonNode patch) {
    String text = patch.toString();
    if (text.length() > MAX_CHARS) {
      return List.of(new CompileError(ErrorCode.AI0104, "", "the patch is " + text.length()
          + " characters; at most " + MAX_CHARS + " are read: propose fewer or shorter records"));
    }
    List<CompileError> errors = new ArrayList<>();
    TreeSet<Integer> failedOps = new TreeSet<>();
    for (Error error : whole.validate(text, InputFormat.JSON)) {
      String pointer = pointer(error.getInstanceLocation());
      Optional<Integer> op = opIndex(pointer);
      if (op.isPresent() && patch.isArray()) {
        failedOps.add(op.get());
      } else {
        errors.add(violation(pointer, error));
      }
    }
    for (int index : failedOps) {
      errors.addAll(checkOp(patch.get(index), "/" + index));
    }
    return errors;
  }

  private List<CompileError> checkOp(JsonNode op, String at) {
    String verb = op.path("op").asText("");
    String path = op.path("path").asText("");
    for (Branch branch : branches) {
      if (branch.ops().contains(verb) && branch.path().matcher(path).matches()) {
        List<CompileError> errors = new ArrayList<>();
        for (Error error : branch.schema().validate(op.toString(), InputFormat.JSON)) {
          errors.add(violation(at + pointer(error.getInstanceLocation()), error));
        }
        return errors.isEmpty() ? List.of(new CompileError(ErrorCode.AI0101, at, "the operation fits no branch "
            + "of " + name)) : errors;
      }
    }
    List<String> targets = branches.stream().map(b -> String.join("|", b.ops()) + " " + b.path().pattern())
        .toList();
    return List.of(new CompileError(ErrorCode.AI0101, at + "/path", "'" + verb + "' at '" + path
        + "' is not an operation this patch may hold; it may hold: " + targets));
  }

  private JsonNode resolve(String ref) {
    if (!ref.startsWith("#/")) {
      throw new IllegalStateException("a shipped patch schema refers only inside itself, got: " + ref);
    }
    return node.at(ref.substring(1));
  }

  private static CompileError violation(String pointer, Error error) {
    return new CompileError(ErrorCode.AI0101, pointer, "rule '" + error.getKeyword() + "': " + error.getMessage());
  }

  private static Optional<Integer> opIndex(String pointer) {
    if (!pointer.startsWith("/")) {
      return Optional.empty();
    }
    int end = pointer.indexOf('/', 1);
    String first = end < 0 ? pointer.substring(1) : pointer.substring(1, end);
    return first.matches("0|[1-9][0-9]{0,5}") ? Optional.of(Integer.parseInt(first)) : Optional.empty();
  }

  private static String pointer(NodePath path) {
    StringBuilder pointer = new StringBuilder();
    for (int i = 0; path != null && i < path.getNameCount(); i++) {
      pointer.append('/').append(String.valueOf(path.getElement(i)).replace("~", "~0").replace("/", "~1"));
    }
    return pointer.toString();
  }

  private record Branch(List<String> ops, Pattern path, Schema schema) {}
}
