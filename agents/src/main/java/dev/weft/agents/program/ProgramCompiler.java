package dev.weft.agents.program;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.model.SchemaRefs;
import dev.weft.context.env.ChunkSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import net.thisptr.jackson.jq.exception.JsonQueryException;

/**
 * Compiles a program document into a {@link Plan} or refuses it with coded errors ({@link ErrorCode}). Pure: it
 * reads no slot content, writes nothing and calls no model, so a refused program has no effect at all. Two passes:
 * the program schema first (a document that breaks it is reported by the schema alone, since the names and kinds
 * of a malformed document mean nothing), then names, kinds, queries and the plan's shape.
 */
public final class ProgramCompiler {
  /** A map step's output schema, as canonical JSON, may be at most this long. */
  public static final int MAX_OUTPUT_SCHEMA_CHARS = 8_000;

  static final List<String> OPS = List.of("chunk", "grep", "select", "stat", "peek", "map", "reduce", "answer");
  private static final Pattern STEP_OP = Pattern.compile("/steps/\\d+/op");

  /** What a name holds, for the kind checks (AI0205). */
  private enum Kind {
    SLOT, COLLECTION, JSON, MAP_RESULTS
  }

  private ProgramCompiler() {}

  /** Compiles program text; text that is not JSON is refused with {@link ErrorCode#AI0001}. */
  public static Compilation compileText(String text, Predicate<String> slotExists) {
    return compileText(text, slotExists, false);
  }

  /**
   * Compiles program text, with {@code envelopes} for a program whose answer crosses a recursion boundary (a child
   * level's): see {@link #compile(JsonNode, Predicate, boolean)}.
   */
  public static Compilation compileText(String text, Predicate<String> slotExists, boolean envelopes) {
    JsonNode document;
    try {
      document = CanonicalJson.MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      return Compilation.refused(List.of(new CompileError(ErrorCode.AI0001, "",
          "the program is not JSON: " + e.getOriginalMessage() + " at line " + e.getLocation().getLineNr()
              + ", column " + e.getLocation().getColumnNr() + "; write one JSON object with a \"steps\" array")));
    }
    if (document == null || document.isMissingNode()) {
      return Compilation.refused(List.of(new CompileError(ErrorCode.AI0001, "",
          "the program is empty; write one JSON object with a \"steps\" array")));
    }
    return compile(document, slotExists, envelopes);
  }

  /**
   * Compiles without an environment: a name that no step writes is taken to be a slot (listed in {@link
   * Plan#slotsRead}); a run compiles again against its environment, where a missing one is {@link ErrorCode#AI0202}.
   */
  public static Compilation compile(JsonNode document) {
    return compile(document, name -> true);
  }

  /** Compiles against an environment whose slots {@code slotExists} knows. */
  public static Compilation compile(JsonNode document, Predicate<String> slotExists) {
    return compile(document, slotExists, false);
  }

  /**
   * Compiles against an environment; with {@code envelopes} the program's answer must be an envelope sequence
   * ({@link Envelopes}): the answer reads a reduce, and every reduce is shown by the probe to keep envelopes or
   * declares an output schema that requires them; otherwise {@link ErrorCode#AI0208} at the reduce (or at the
   * answer's {@code from}). The plan then checks the reduce's result at run time ({@link ErrorCode#AI0209}).
   */
  public static Compilation compile(JsonNode document, Predicate<String> slotExists, boolean envelopes) {
    Objects.requireNonNull(document, "document");
    Objects.requireNonNull(slotExists, "slotExists");
    List<CompileError> schemaErrors = schemaErrors(document);
    if (!schemaErrors.isEmpty()) {
      return Compilation.refused(schemaErrors);
    }
    return new Pass(document, slotExists, envelopes).run();
  }

  private static List<CompileError> schemaErrors(JsonNode document) {
    Set<CompileError> errors = new LinkedHashSet<>();
    for (SchemaCheck.Violation v : SchemaCheck.program(document)) {
      errors.add(new CompileError(codeOf(v), v.pointer(), v.message() + hint(v)));
    }
    return List.copyOf(errors);
  }

  private static ErrorCode codeOf(SchemaCheck.Violation v) {
    return switch (v.keyword()) {
      case "enum" -> STEP_OP.matcher(v.pointer()).matches() ? ErrorCode.AI0102 : ErrorCode.AI0101;
      case "maxItems" -> v.pointer().equals("/steps") ? ErrorCode.AI0103 : ErrorCode.AI0101;
      case "maxLength" -> ErrorCode.AI0104;
      case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum" -> ErrorCode.AI0105;
      default -> ErrorCode.AI0101;
    };
  }

  private static String hint(SchemaCheck.Violation v) {
    return switch (codeOf(v)) {
      case AI0102 -> "; write one of " + String.join(", ", OPS);
      case AI0103 -> "; a program has at most 12 steps: split it, or chunk/grep less finely";
      case AI0104 -> "; shorten it (caps in docs/programs.md)";
      case AI0105 -> "; caps in docs/programs.md";
      default -> "";
    };
  }

  /** The second pass over one schema-valid document. */
  private static final class Pass {
    private final JsonNode document;
    private final Predicate<String> slotExists;
    private final boolean envelopes;
    private final List<CompileError> errors = new ArrayList<>();
    private final Map<String, Kind> written = new HashMap<>();
    private final Map<String, Integer> writer = new HashMap<>();
    private final Set<String> slotsRead = new LinkedHashSet<>();
    private final List<Step> steps = new ArrayList<>();
    private boolean readsInput;
    private int maps;

    Pass(JsonNode document, Predicate<String> slotExists, boolean envelopes) {
      this.document = document;
      this.slotExists = slotExists;
      this.envelopes = envelopes;
    }

    Compilation run() {
      JsonNode stepNodes = document.get("steps");
      for (int i = 0; i < stepNodes.size(); i++) {
        String as = text(stepNodes.get(i), "as");
        if (!as.isEmpty()) {
          writer.putIfAbsent(as, i);
        }
      }
      for (int i = 0; i < stepNodes.size(); i++) {
        step(i, stepNodes.get(i), i == stepNodes.size() - 1);
      }
      if (steps.stream().noneMatch(Step.Answer.class::isInstance)) {
        errors.add(new CompileError(ErrorCode.AI0304, "/steps",
            "the program has no answer step; end it with {\"op\": \"answer\", \"from\": NAME}"));
      }
      if (envelopes) {
        errors.addAll(EnvelopeRule.check(steps));
      }
      if (!errors.isEmpty()) {
        return Compilation.refused(errors);
      }
      String name = document.has("name") ? document.get("name").asText() : "program";
      return Compilation.of(new Plan(CanonicalJson.fingerprint(document), name, steps, slotsRead, readsInput,
          envelopes));
    }

    private void step(int i, JsonNode node, boolean last) {
      String op = node.get("op").asText();
      String from = node.get("from").asText();
      String as = text(node, "as");
      String at = "/steps/" + i;
      Kind in = read(i, from);
      switch (op) {
        case "chunk" -> {
          expect(in, i, from, op, Kind.SLOT, Kind.COLLECTION);
          ChunkSpec.Strategy strategy =
              ChunkSpec.Strategy.valueOf(node.get("strategy").asText().toUpperCase(Locale.ROOT));
          String separator = text(node, "separator");
          if (strategy == ChunkSpec.Strategy.SEPARATOR && separator.isEmpty()) {
            errors.add(new CompileError(ErrorCode.AI0101, at, "strategy separator needs a \"separator\" member"));
          } else if (strategy != ChunkSpec.Strategy.SEPARATOR && !separator.isEmpty()) {
            errors.add(new CompileError(ErrorCode.AI0101, at + "/separator",
                "a separator is read only with strategy separator; drop it or set \"strategy\": \"separator\""));
          }
          steps.add(new Step.Chunk(i, from, as, strategy, node.get("size").asInt(), separator));
          write(i, as, Kind.COLLECTION);
        }
        case "grep" -> {
          expect(in, i, from, op, Kind.SLOT, Kind.COLLECTION);
          String pattern = node.get("pattern").asText();
          try {
            Pattern.compile(pattern);
          } catch (PatternSyntaxException e) {
            errors.add(new CompileError(ErrorCode.AI0302, at + "/pattern",
                "the pattern is not a Java regular expression: " + e.getDescription() + " near index "
                    + e.getIndex() + "; escape a literal ( [ { . * + ? with a backslash"));
          }
          steps.add(new Step.Grep(i, from, as, pattern, node.path("ignoreCase").asBoolean(false)));
          write(i, as, Kind.COLLECTION);
        }
        case "select" -> {
          expect(in, i, from, op, Kind.SLOT, Kind.JSON, Kind.MAP_RESULTS);
          steps.add(new Step.Select(i, from, as, query(i, node)));
          write(i, as, Kind.JSON);
        }
        case "stat" -> {
          steps.add(new Step.Stat(i, from, as));
          write(i, as, Kind.JSON);
        }
        case "peek" -> {
          steps.add(new Step.Peek(i, from, as));
          write(i, as, Kind.JSON);
        }
        case "map" -> {
          expect(in, i, from, op, Kind.SLOT, Kind.COLLECTION);
          if (++maps > 1) {
            errors.add(new CompileError(ErrorCode.AI0303, at + "/op",
                "a program has at most one map step; map once and select/reduce its results"));
          }
          steps.add(new Step.Map(i, from, as, node.get("instruction").asText(), outputSchema(i, node),
              node.path("maxSubcalls").asInt(0)));
          write(i, as, Kind.MAP_RESULTS);
        }
        case "reduce" -> {
          expect(in, i, from, op, Kind.MAP_RESULTS);
          steps.add(new Step.Reduce(i, from, as, query(i, node), outputSchema(i, node)));
          write(i, as, Kind.JSON);
        }
        case "answer" -> {
          if (!last || steps.stream().anyMatch(Step.Answer.class::isInstance)) {
            errors.add(new CompileError(ErrorCode.AI0305, at,
                "the answer must be the last step, and there is one; move it to the end"));
          }
          steps.add(new Step.Answer(i, from));
        }
        default -> throw new IllegalStateException("the schema admits only " + OPS + ", got: " + op);
      }
    }

    /** The kind of {@code name} as step {@code i} reads it, or null after recording why it cannot. */
    private Kind read(int i, String name) {
      String at = "/steps/" + i + "/from";
      if (written.containsKey(name)) {
        return written.get(name);
      }
      if (name.equals(Plan.INPUT)) {
        readsInput = true;
        return Kind.COLLECTION;
      }
      Integer later = writer.get(name);
      if (later != null) {
        errors.add(new CompileError(ErrorCode.AI0201, at, "'" + name + "' is read before anything wrote it: step "
            + later + " writes it; move that step before step " + i));
        return null;
      }
      if (!slotExists.test(name)) {
        errors.add(new CompileError(ErrorCode.AI0202, at, "no slot named '" + name
            + "' and no earlier step writes it; put the slot first (weft program run --env DIR) or read "
            + "'input' or an earlier step's 'as'"));
        return null;
      }
      slotsRead.add(name);
      return Kind.SLOT;
    }

    private void expect(Kind kind, int i, String from, String op, Kind... allowed) {
      if (kind == null || List.of(allowed).contains(kind)) {
        return;
      }
      errors.add(new CompileError(ErrorCode.AI0205, "/steps/" + i + "/from", op + " cannot read '" + from
          + "', which holds " + describe(kind) + "; " + op + " reads " + describeAll(allowed)));
    }

    private void write(int i, String as, Kind kind) {
      String at = "/steps/" + i + "/as";
      if (as.equals(Plan.INPUT)) {
        errors.add(new CompileError(ErrorCode.AI0204, at,
            "'input' is reserved for the pieces a run is given; choose another name"));
      } else if (written.containsKey(as)) {
        errors.add(new CompileError(ErrorCode.AI0203, at, "'" + as + "' is written by step " + writer.get(as)
            + " already; give each step its own name"));
      } else {
        written.put(as, kind);
      }
    }

    private String query(int i, JsonNode node) {
      String query = node.get("query").asText();
      try {
        Jq.compile(query);
      } catch (JsonQueryException e) {
        errors.add(new CompileError(ErrorCode.AI0301, "/steps/" + i + "/query",
            "the jq query does not compile: " + e.getMessage()));
      }
      return query;
    }

    private String outputSchema(int i, JsonNode node) {
      JsonNode schema = node.get("output");
      if (schema == null) {
        return "";
      }
      String at = "/steps/" + i + "/output";
      String text = CanonicalJson.of(schema);
      if (text.length() > MAX_OUTPUT_SCHEMA_CHARS) {
        errors.add(new CompileError(ErrorCode.AI0107, at, "the output schema is " + text.length()
            + " characters, the cap is " + MAX_OUTPUT_SCHEMA_CHARS + "; ask for fewer fields"));
        return text;
      }
      String remote = remoteRef(schema);
      if (remote != null) {
        errors.add(new CompileError(ErrorCode.AI0106, at, "the output schema refers to '" + remote
            + "'; only local references (\"#/...\") are allowed: nothing is fetched"));
        return text;
      }
      Optional<SchemaRefs.Problem> ref = SchemaRefs.check(schema);
      if (ref.isPresent()) {
        errors.add(new CompileError(ErrorCode.AI0108, at + ref.get().pointer(), ref.get().message()));
        return text;
      }
      try {
        SchemaCheck.load(schema);
      } catch (RuntimeException e) {
        errors.add(new CompileError(ErrorCode.AI0106, at, "the output schema does not load as JSON Schema 2020-12: "
            + e.getMessage()));
      }
      return text;
    }

    private static String remoteRef(JsonNode node) {
      if (node.isObject()) {
        for (String key : List.of("$ref", "$dynamicRef", "$schema")) {
          JsonNode ref = node.get(key);
          if (ref != null && ref.isTextual() && !ref.asText().startsWith("#")
              && !(key.equals("$schema") && ref.asText().startsWith("https://json-schema.org/draft/2020-12/"))) {
            return ref.asText();
          }
        }
      }
      for (JsonNode child : node) {
        String found = remoteRef(child);
        if (found != null) {
          return found;
        }
      }
      return null;
    }

    private static String text(JsonNode node, String member) {
      JsonNode value = node.get(member);
      return value == null ? "" : value.asText();
    }

    private static String describe(Kind kind) {
      return switch (kind) {
        case SLOT -> "a slot";
        case COLLECTION -> "pieces (chunk, grep or input)";
        case JSON -> "a JSON value";
        case MAP_RESULTS -> "map results";
      };
    }

    private static String describeAll(Kind... kinds) {
      return String.join(" or ", List.of(kinds).stream().map(Pass::describe).toList());
    }
  }
}
