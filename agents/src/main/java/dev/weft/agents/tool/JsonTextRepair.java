package dev.weft.agents.tool;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Undoes the JSON-encoding weak models apply to nested arguments: walks the input beside its schema and, where the
 * schema wants an object or an array (its {@code type} names one and not {@code string}) and a string arrived that
 * parses as JSON of a wanted type, puts the parsed value there — then goes on into it, so text encoded twice, or a
 * nested member encoded inside an encoded object, is repaired too. The walk follows {@code properties},
 * {@code additionalProperties} (not where the schema has {@code patternProperties}), {@code prefixItems},
 * {@code items} and local {@code $ref}s ({@code #...}); what the schema does not describe (combinators, patterns) is
 * left as it is and validated as it came.
 *
 * <p>Bounded, since the model chooses the strings: one string is parsed only up to {@value #MAX_STRING_CHARS}
 * characters, one call parses at most {@value #MAX_TOTAL_CHARS} characters in all, parsed JSON nests at most
 * {@value #MAX_DEPTH} levels and the walk descends at most {@value #MAX_DEPTH} levels of the input. A string that
 * wanted to be structure but was not repaired is remembered with the parser's complaint, for the rejection's hint.
 * The input itself is never changed: a repaired container is a copy.
 */
final class JsonTextRepair {
  static final int MAX_STRING_CHARS = 64 * 1024;
  static final int MAX_TOTAL_CHARS = 256 * 1024;
  static final int MAX_DEPTH = 64;
  /** How many refs in a row the walk follows at one place before it stops looking for a type. */
  private static final int MAX_REFS = 16;
  /** How many unrepaired strings the hint names; more are counted. */
  private static final int HINT_NAMES = 3;
  private static final int COMPLAINT_CHARS = 160;

  private static final ObjectMapper PARSER = new ObjectMapper(JsonFactory.builder()
      .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH)
          .maxDocumentLength(MAX_STRING_CHARS).build())
      .build()).enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  /**
   * The walk's result.
   *
   * @param value the input with every repairable string parsed (the input itself when none was)
   * @param repaired the JSON Pointers of the strings that were parsed, in walk order
   * @param unrepaired the strings that wanted to be structure and were not, with why
   */
  record Result(JsonNode value, List<String> repaired, List<Unrepaired> unrepaired) {
    /** The rejection's hint: which properties arrived as text that does not parse, and the parser's complaint. */
    Optional<String> hint() {
      if (unrepaired.isEmpty()) {
        return Optional.empty();
      }
      StringBuilder hint = new StringBuilder();
      for (Unrepaired u : unrepaired.subList(0, Math.min(HINT_NAMES, unrepaired.size()))) {
        hint.append(hint.length() == 0 ? "" : "; ").append('\'').append(ToolInput.cut(u.pointer())).append("' wants ")
            .append(u.wanted()).append(" but arrived as a string that ").append(u.why());
      }
      if (unrepaired.size() > HINT_NAMES) {
        hint.append("; and ").append(unrepaired.size() - HINT_NAMES).append(" more such strings");
      }
      return Optional.of(hint.append("; pass the JSON value itself, not JSON-encoded text").toString());
    }
  }

  /** A string where the schema wants {@code wanted} ("an object", "an array", "an object or an array"). */
  record Unrepaired(String pointer, String wanted, String why) {}

  private final JsonNode root;
  private final List<String> repaired = new ArrayList<>();
  private final List<Unrepaired> unrepaired = new ArrayList<>();
  private int budget = MAX_TOTAL_CHARS;

  private JsonTextRepair(JsonNode root) {
    this.root = root;
  }

  /** Repairs {@code input} against {@code schema}. */
  static Result repair(JsonNode schema, JsonNode input) {
    JsonTextRepair walk = new JsonTextRepair(schema);
    JsonNode value = walk.visit(schema, input, "", 0);
    return new Result(value, List.copyOf(walk.repaired), List.copyOf(walk.unrepaired));
  }

  private JsonNode visit(JsonNode schema, JsonNode value, String pointer, int depth) {
    JsonNode here = resolve(schema);
    if (here == null || depth > MAX_DEPTH) {
      return value;
    }
    JsonNode current = value;
    if (value.isTextual()) {
      Optional<String> wanted = wanted(here.get("type"));
      if (wanted.isEmpty()) {
        return value;
      }
      current = parse(value, here.get("type"), wanted.get(), pointer);
      if (current == value) {
        return value;
      }
    }
    if (current.isObject()) {
      return members(here, (ObjectNode) current, pointer, depth, current != value);
    }
    if (current.isArray()) {
      return elements(here, (ArrayNode) current, pointer, depth, current != value);
    }
    return current;
  }

  private JsonNode members(JsonNode schema, ObjectNode object, String pointer, int depth, boolean owned) {
    JsonNode properties = schema.path("properties");
    // a member a pattern governs is not the additional schema's: rather than match the schema's patterns against
    // the model's names, the walk leaves every member but the named ones alone where there are patterns
    JsonNode additional = schema.has("patternProperties") ? null : schema.get("additionalProperties");
    ObjectNode out = owned ? object : null;
    for (Map.Entry<String, JsonNode> member : object.properties()) {
      JsonNode sub = properties.has(member.getKey()) ? properties.get(member.getKey()) : additional;
      if (sub == null || !sub.isObject()) {
        continue;
      }
      JsonNode fixed = visit(sub, member.getValue(), pointer + "/" + escape(member.getKey()), depth + 1);
      if (fixed != member.getValue()) {
        out = out == null ? object.objectNode().setAll(object) : out; // shallow: the members are not changed
        out.set(member.getKey(), fixed);
      }
    }
    return out == null ? object : out;
  }

  private JsonNode elements(JsonNode schema, ArrayNode array, String pointer, int depth, boolean owned) {
    JsonNode prefix = schema.path("prefixItems");
    JsonNode items = schema.get("items");
    ArrayNode out = owned ? array : null;
    for (int i = 0; i < array.size(); i++) {
      JsonNode sub = i < prefix.size() ? prefix.get(i) : items;
      if (sub == null || !sub.isObject()) {
        continue;
      }
      JsonNode fixed = visit(sub, array.get(i), pointer + "/" + i, depth + 1);
      if (fixed != array.get(i)) {
        out = out == null ? array.arrayNode().addAll(array) : out;
        out.set(i, fixed);
      }
    }
    return out == null ? array : out;
  }

  /** The parsed value when the string {@code unchanged} is JSON of a type {@code type} allows; else itself. */
  private JsonNode parse(JsonNode unchanged, JsonNode type, String wanted, String pointer) {
    String text = unchanged.textValue();
    if (text.length() > MAX_STRING_CHARS) {
      return refuse(unchanged, pointer, wanted, "is " + text.length() + " characters long, more than the "
          + MAX_STRING_CHARS + " the repair parses");
    }
    if (text.length() > budget) {
      return refuse(unchanged, pointer, wanted, "was not parsed: this call's repair budget of " + MAX_TOTAL_CHARS
          + " characters is spent");
    }
    budget -= text.length();
    JsonNode parsed;
    try {
      parsed = PARSER.readTree(text);
    } catch (JsonProcessingException e) {
      String complaint = String.valueOf(e.getOriginalMessage()).replaceAll("\\s+", " ");
      if (complaint.length() > COMPLAINT_CHARS) {
        complaint = complaint.substring(0, COMPLAINT_CHARS) + "...";
      }
      return refuse(unchanged, pointer, wanted, "does not parse as JSON (" + complaint
          + (e.getLocation() == null ? "" : " at column " + e.getLocation().getColumnNr()) + ")");
    }
    if (parsed == null || parsed.isMissingNode() || !allows(type, parsed)) {
      String got = parsed == null || parsed.isMissingNode() ? "nothing" : parsed.getNodeType().name().toLowerCase();
      return refuse(unchanged, pointer, wanted, "parses as " + got + ", not as " + wanted);
    }
    repaired.add(pointer);
    return parsed;
  }

  private JsonNode refuse(JsonNode unchanged, String pointer, String wanted, String why) {
    unrepaired.add(new Unrepaired(pointer.isEmpty() ? "/" : pointer, wanted, why));
    return unchanged;
  }

  /** The schema at a place, its local refs followed while it has no type of its own; null when none resolves. */
  private JsonNode resolve(JsonNode schema) {
    JsonNode here = schema;
    for (int hops = 0; here != null && here.isObject() && !here.has("type") && here.has("$ref"); hops++) {
      String ref = here.get("$ref").asText();
      // a remote ref, an anchor or a chain that long: the walk stops here and the validator judges the value
      if (hops == MAX_REFS || !(ref.equals("#") || ref.startsWith("#/"))) {
        return here;
      }
      String fragment = URLDecoder.decode(ref.substring(1).replace("+", "%2B"), StandardCharsets.UTF_8);
      JsonNode target = fragment.isEmpty() ? root : root.at(fragment);
      here = target.isMissingNode() ? null : target;
    }
    return here != null && here.isObject() ? here : null;
  }

  /** "an object", "an array" or both when {@code type} wants structure and does not also allow a string. */
  private static Optional<String> wanted(JsonNode type) {
    boolean object = names(type, "object");
    boolean array = names(type, "array");
    if (names(type, "string") || !(object || array)) {
      return Optional.empty();
    }
    return Optional.of(object && array ? "an object or an array" : object ? "an object" : "an array");
  }

  private static boolean allows(JsonNode type, JsonNode parsed) {
    return parsed.isObject() ? names(type, "object") : parsed.isArray() && names(type, "array");
  }

  private static boolean names(JsonNode type, String name) {
    if (type == null) {
      return false;
    }
    if (type.isArray()) {
      for (JsonNode t : type) {
        if (name.equals(t.asText())) {
          return true;
        }
      }
      return false;
    }
    return name.equals(type.asText());
  }

  /** One RFC 6901 reference token. */
  static String escape(String token) {
    return token.replace("~", "~0").replace("/", "~1");
  }
}
