package dev.weft.agents.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaException;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import dev.weft.agents.model.SchemaRefs;
import tools.jackson.core.JacksonException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A tool's input JSON Schema (draft 2020-12), compiled once, and the one check every tool call passes before its
 * tool runs — in the {@link Toolbox} and in the MCP server alike, so a model gets the same repair and the same
 * rejection from both.
 *
 * <p>The check validates the input with networknt json-schema-validator (built on Jackson 3, so the input crosses
 * as JSON text; remote {@code $ref}s are never fetched). Input that fails is given one repair: where the schema
 * wants an object or an array and a string arrived that parses as JSON of that type ({@link JsonTextRepair}), the
 * parsed value replaces it and is validated instead — weak models JSON-encode nested arguments. Input that still
 * fails is {@link Rejected} with {@code {error, errors, moreErrors?, hint?, inputSchema}}: at most
 * {@value #MAX_ERRORS} errors as {@code {instancePath, keyword, message}}, the count of the rest, and a hint naming
 * each property that wanted structure but arrived as text that does not parse. Thread-safe.
 */
public final class ToolInput {
  /** The most validation errors a rejection lists; {@code moreErrors} counts the rest. */
  public static final int MAX_ERRORS = 8;
  /** Input nested deeper than this is refused before validation (the validator recurses once per level). */
  public static final int MAX_INPUT_DEPTH = 128;
  /** A message or instance path longer than this is cut: they quote what the model wrote. */
  static final int MAX_TEXT_CHARS = 300;

  private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
      builder -> builder.schemaLoader(loader -> loader.fetchRemoteResources(false)));
  private static final Schema META =
      REGISTRY.getSchema(SchemaLocation.of(SpecificationVersion.DRAFT_2020_12.getDialectId()));
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private final String tool;
  private final JsonNode schema;
  private final Schema compiled;

  /** What the check decided: the input to run the tool on, or the answer that refuses it. */
  public sealed interface Outcome permits Accepted, Rejected {}

  /**
   * The input satisfies the schema.
   *
   * @param input what the tool runs on: the input as given, or its repaired copy
   * @param repaired the JSON Pointers of the strings that were parsed into structure (empty when none was)
   */
  public record Accepted(JsonNode input, List<String> repaired) implements Outcome {
    public Accepted {
      Objects.requireNonNull(input, "input");
      repaired = List.copyOf(repaired);
    }
  }

  /**
   * The input does not satisfy the schema, even repaired.
   *
   * @param error one line: which tool, the first error, how many more, what to do (also {@code answer.error})
   * @param answer {@code {error, errors, moreErrors?, hint?, inputSchema}}, for the model to read
   */
  public record Rejected(String error, ObjectNode answer) implements Outcome {
    public Rejected {
      Objects.requireNonNull(error, "error");
      Objects.requireNonNull(answer, "answer");
    }
  }

  private ToolInput(String tool, JsonNode schema, Schema compiled) {
    this.tool = tool;
    this.schema = schema;
    this.compiled = compiled;
  }

  /**
   * Compiles the input schema of {@code tool}.
   *
   * @throws IllegalArgumentException when the schema is not a valid JSON Schema 2020-12 object (the meta-schema
   *     refuses it, it names another dialect, or a {@code $ref} does not resolve inside it or never ends): the
   *     developer's error, said once at {@code add} instead of at every call
   */
  public static ToolInput of(String tool, JsonNode inputSchema) {
    Objects.requireNonNull(tool, "tool");
    Objects.requireNonNull(inputSchema, "inputSchema");
    String what = "tool '" + tool + "' inputSchema";
    if (!inputSchema.isObject()) {
      throw new IllegalArgumentException(what + " must be a JSON Schema object, got: " + inputSchema.getNodeType());
    }
    JsonNode dialect = inputSchema.get("$schema");
    if (dialect != null && !dialect.asText().startsWith(SpecificationVersion.DRAFT_2020_12.getDialectId())) {
      throw new IllegalArgumentException(what + " must be JSON Schema 2020-12, got $schema: " + dialect
          + "; drop $schema or set it to " + SpecificationVersion.DRAFT_2020_12.getDialectId());
    }
    String text = inputSchema.toString();
    List<Error> invalid = META.validate(text, InputFormat.JSON);
    if (!invalid.isEmpty()) {
      throw new IllegalArgumentException(what + " is not a valid JSON Schema (draft 2020-12): "
          + summary(invalid.get(0), invalid.size()));
    }
    // a ref that never ends would overflow the stack of every call's validation
    Optional<SchemaRefs.Problem> ref = SchemaRefs.check(inputSchema);
    if (ref.isPresent()) {
      throw new IllegalArgumentException(what + " is not usable: at " + orRoot(ref.get().pointer()) + ": "
          + ref.get().message());
    }
    try {
      Schema compiled = REGISTRY.getSchema(text, InputFormat.JSON);
      compiled.initializeValidators(); // resolves refs and patterns now, so a bad one fails here
      return new ToolInput(tool, inputSchema.deepCopy(), compiled);
    } catch (SchemaException | IllegalArgumentException | IllegalStateException e) {
      throw new IllegalArgumentException(what + " is not a valid JSON Schema: " + e.getMessage(), e);
    }
  }

  /** The tool's name. */
  public String tool() {
    return tool;
  }

  /** The schema as given (a copy: changing it changes nothing here). */
  public JsonNode schema() {
    return schema.deepCopy();
  }

  /**
   * Checks {@code input} (null or JSON null read as {@code {}}, as a call without arguments) and repairs it where
   * it can. Never throws for what the input holds.
   */
  public Outcome check(JsonNode input) {
    JsonNode given = input == null || input.isNull() || input.isMissingNode() ? NODES.objectNode() : input;
    int depth = depth(given);
    if (depth > MAX_INPUT_DEPTH) {
      String error = "invalid arguments for tool '" + tool + "': they nest " + depth + " levels deep, more than the "
          + MAX_INPUT_DEPTH + " a call may; send flatter input as its inputSchema describes";
      return new Rejected(error, answer(error, NODES.arrayNode(), 0, null));
    }
    List<Error> errors;
    JsonTextRepair.Result repair;
    try {
      errors = validate(given);
      if (errors.isEmpty()) {
        return new Accepted(given, List.of());
      }
      repair = JsonTextRepair.repair(schema, given);
      if (!repair.repaired().isEmpty()) {
        List<Error> after = validate(repair.value());
        if (after.isEmpty()) {
          return new Accepted(repair.value(), repair.repaired());
        }
        errors = after; // they point into the structure the model meant to send
      }
    } catch (JacksonException e) {
      // the validator reads the input with Jackson 3's own limits (a number of more than 1000 digits, ...)
      String error = "invalid arguments for tool '" + tool + "': the validator cannot read them: "
          + cut(String.valueOf(e.getOriginalMessage())) + "; send values as its inputSchema describes";
      return new Rejected(error, answer(error, NODES.arrayNode(), 0, null));
    }
    String error = "invalid arguments for tool '" + tool + "': " + summary(errors.get(0), errors.size())
        + "; errors lists them and inputSchema says what the tool takes";
    ArrayNode listed = NODES.arrayNode();
    for (Error e : errors.subList(0, Math.min(MAX_ERRORS, errors.size()))) {
      listed.addObject().put("instancePath", cut(pointer(e.getInstanceLocation())))
          .put("keyword", String.valueOf(e.getKeyword())).put("message", cut(String.valueOf(e.getMessage())));
    }
    return new Rejected(error, answer(error, listed, errors.size() - listed.size(), repair.hint().orElse(null)));
  }

  private List<Error> validate(JsonNode input) {
    return compiled.validate(input.toString(), InputFormat.JSON);
  }

  /** The one rejection shape; member order is part of it: the message first, the (large) schema last. */
  private ObjectNode answer(String error, ArrayNode errors, int more, String hint) {
    ObjectNode answer = NODES.objectNode().put("error", error);
    answer.set("errors", errors);
    if (more > 0) {
      answer.put("moreErrors", more);
    }
    if (hint != null) {
      answer.put("hint", hint);
    }
    answer.set("inputSchema", schema.deepCopy());
    return answer;
  }

  private static String summary(Error first, int count) {
    return "at " + orRoot(cut(pointer(first.getInstanceLocation()))) + " (rule '" + first.getKeyword() + "'): "
        + cut(String.valueOf(first.getMessage())) + (count > 1 ? " (and " + (count - 1) + " more)" : "");
  }

  /** How deep {@code node} nests (a scalar is 0), without recursion: the input is not trusted to be shallow. */
  private static int depth(JsonNode node) {
    record Level(JsonNode node, int depth) {}
    Deque<Level> pending = new ArrayDeque<>();
    pending.push(new Level(node, 0));
    int deepest = 0;
    while (!pending.isEmpty()) {
      Level level = pending.pop();
      if (level.node().isContainerNode()) {
        int inner = level.depth() + 1;
        deepest = Math.max(deepest, inner);
        if (inner > MAX_INPUT_DEPTH) {
          return inner;
        }
        level.node().forEach(child -> pending.push(new Level(child, inner)));
      }
    }
    return deepest;
  }

  /** The RFC 6901 pointer of a location ({@code ""} for the whole input). */
  static String pointer(NodePath path) {
    StringBuilder pointer = new StringBuilder();
    for (int i = 0; path != null && i < path.getNameCount(); i++) {
      pointer.append('/').append(JsonTextRepair.escape(String.valueOf(path.getElement(i))));
    }
    return pointer.toString();
  }

  private static String orRoot(String pointer) {
    return pointer.isEmpty() ? "/" : pointer;
  }

  static String cut(String text) {
    return text.length() <= MAX_TEXT_CHARS ? text : text.substring(0, MAX_TEXT_CHARS) + "...";
  }
}
