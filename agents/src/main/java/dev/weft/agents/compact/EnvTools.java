package dev.weft.agents.compact;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.model.ToolDefinition;
import dev.weft.agents.tool.Toolbox;
import dev.weft.context.env.EnvLimits;
import dev.weft.context.env.Environment;
import dev.weft.context.env.GrepHit;
import dev.weft.context.env.GrepOptions;
import dev.weft.context.env.GrepResult;
import dev.weft.context.env.Peek;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The environment tools: {@code env_grep} (where a regex matches, with each hit's offset), {@code env_read} (a
 * bounded read at an offset) and {@code env_peek} (a slot's start and size). The one definition of them: the
 * transcript slot adds them to an agent's toolbox, {@code weft mcp} lists them (jobs.mcp's {@code McpEnvTools} over
 * the facade's environment) and so does the ready Weft toolbox. Their input schemas are JSON resources beside this
 * class. Every answer is bounded by the schemas' caps, whatever the slot's size.
 */
public final class EnvTools {
  public static final String GREP = "env_grep";
  public static final String READ = "env_read";
  public static final String PEEK = "env_peek";
  /** The three names, in the order {@link #addTo} adds them. */
  public static final List<String> NAMES = List.of(GREP, READ, PEEK);
  /** Most characters one env_read answers: a round or two of a transcript, never the conversation. */
  static final int MAX_READ_CHARS = 2_000;
  static final int MAX_HITS = 20;
  static final int DEFAULT_HITS = 5;
  static final int MAX_WINDOW = 200;
  static final int DEFAULT_WINDOW = 80;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Supplier<Environment> env;
  private final String defaultScope;

  /**
   * @param defaultScope the scope env_grep searches when the model names none: the transcript slot of a
   *     conversation, or {@code ""} for every slot
   */
  public EnvTools(Environment env, String defaultScope) {
    this(constant(Objects.requireNonNull(env, "env")), defaultScope);
  }

  /**
   * Tools over the environment {@code env} supplies at each call: a host whose environment is opened on first use
   * (the facade's, which creates the store) lists the tools without opening it.
   */
  public EnvTools(Supplier<Environment> env, String defaultScope) {
    this.env = Objects.requireNonNull(env, "env");
    this.defaultScope = Objects.requireNonNull(defaultScope, "defaultScope");
  }

  private static Supplier<Environment> constant(Environment env) {
    return () -> env;
  }

  /** Adds the three tools, skipping any name the toolbox already has (a host's own env tools reach the same env). */
  public void addTo(Toolbox toolbox) {
    Set<String> taken = toolbox.definitions().stream().map(ToolDefinition::name).collect(Collectors.toSet());
    for (String name : NAMES) {
      if (!taken.contains(name)) {
        toolbox.add(name, description(name), ToolSchemas.of(name), input -> run(name, input));
      }
    }
  }

  /** What tool {@code name} tells the model it does. */
  public String description(String name) {
    return switch (name) {
      case GREP -> "Find where a Java regex matches in the environment's slots (by default "
          + (defaultScope.isEmpty() ? "every slot" : "the conversation's transcript slot '" + defaultScope + "'")
          + "): each hit's slot, character offset and a window around it. Then env_read at the offset.";
      case READ -> "Read at most " + MAX_READ_CHARS + " characters of a slot from an offset (an env_grep hit's "
          + "offset, less some context).";
      case PEEK -> "The first " + EnvLimits.PEEK_CHARS + " characters of a slot and its size.";
      default -> throw new IllegalArgumentException("the environment tools are " + NAMES + ", got: " + name);
    };
  }

  /** Tool {@code name}'s input schema (2020-12). */
  public static JsonNode inputSchema(String name) {
    return ToolSchemas.of(name);
  }

  /**
   * Runs tool {@code name} on input its schema accepted. A refusal (a slot that does not exist, a bad regex, an
   * offset past the end) is thrown with the environment's one line, and its exit status when it has one.
   */
  public JsonNode run(String name, JsonNode input) {
    return switch (name) {
      case GREP -> grep(input);
      case READ -> read(input);
      case PEEK -> peek(input);
      default -> throw new IllegalArgumentException("the environment tools are " + NAMES + ", got: " + name);
    };
  }

  JsonNode grep(JsonNode input) {
    String pattern = text(input, "pattern");
    String scope = input.has("scope") ? text(input, "scope") : defaultScope;
    int maxHits = number(input, "maxHits", DEFAULT_HITS, 1, MAX_HITS);
    int window = number(input, "window", DEFAULT_WINDOW, 0, MAX_WINDOW);
    GrepResult result = env.get().grep(pattern, new GrepOptions(scope, maxHits, window));
    ObjectNode out = JSON.createObjectNode();
    ArrayNode hits = out.putArray("hits");
    for (GrepHit hit : result.hits()) {
      hits.addObject().put("slot", hit.slot()).put("offset", hit.offset()).put("window", hit.window());
    }
    out.put("truncated", result.truncated());
    out.put("next", result.hits().isEmpty() ? "no match: try a looser pattern or scope \"\""
        : "env_read {\"name\": slot, \"offset\": a hit's offset less ~100, \"chars\": up to " + MAX_READ_CHARS
            + "} reads around a hit");
    return out;
  }

  JsonNode read(JsonNode input) {
    String name = text(input, "name");
    int offset = number(input, "offset", -1, 0, Integer.MAX_VALUE);
    int chars = number(input, "chars", -1, 1, MAX_READ_CHARS);
    String text = env.get().read(name, chars, offset);
    return JSON.createObjectNode().put("name", name).put("offset", offset).put("chars", text.length())
        .put("text", text).put("end", text.length() < chars);
  }

  JsonNode peek(JsonNode input) {
    Peek peek = env.get().peek(text(input, "name"));
    return JSON.createObjectNode().put("name", peek.name()).put("chars", peek.chars()).put("head", peek.head())
        .put("truncated", peek.truncated());
  }

  private static String text(JsonNode input, String field) {
    JsonNode node = input.path(field);
    if (!node.isTextual()) {
      throw new IllegalArgumentException(field + " must be a string, got: "
          + (node.isMissingNode() ? "nothing" : node.toString()));
    }
    return node.textValue();
  }

  /** A whole number in [min, max]; {@code fallback} when absent, required when {@code fallback} is negative. */
  private static int number(JsonNode input, String field, int fallback, int min, int max) {
    JsonNode node = input.path(field);
    if (node.isMissingNode() && fallback >= 0) {
      return fallback;
    }
    if (!node.isIntegralNumber() || !node.canConvertToInt()) {
      throw new IllegalArgumentException(field + " must be a whole number between " + min + " and " + max
          + ", got: " + (node.isMissingNode() ? "nothing" : node.toString()));
    }
    return EnvLimits.check(field, node.intValue(), min, max);
  }
}
