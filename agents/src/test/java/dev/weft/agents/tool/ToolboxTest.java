package dev.weft.agents.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.model.ToolCall;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToolboxTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (Exception e) {
      throw new IllegalArgumentException(text, e);
    }
  }

  /** A search tool whose schema wants structure at several depths. */
  static final JsonNode SEARCH = json("""
      {"type": "object",
       "properties": {
         "query": {"type": "string", "minLength": 1},
         "n": {"type": "integer", "minimum": 1},
         "filter": {"type": "object",
                    "properties": {"tags": {"type": "array", "items": {"type": "string"}},
                                   "range": {"$ref": "#/$defs/range"}},
                    "additionalProperties": false},
         "ids": {"type": "array", "items": {"type": "integer"}},
         "pairs": {"type": "array", "items": {"$ref": "#/$defs/range"}}
       },
       "required": ["query"],
       "additionalProperties": false,
       "$defs": {"range": {"type": "object", "properties": {"from": {"type": "integer"}, "to": {"type": "integer"}},
                           "required": ["from", "to"], "additionalProperties": false}}}
      """);

  private final List<JsonNode> seen = new ArrayList<>();
  private final Toolbox toolbox = new Toolbox()
      .add("search", "finds things", SEARCH, input -> {
        seen.add(input);
        return JSON.createObjectNode().set("got", input);
      })
      .add("boom", "always fails", json("{\"type\":\"object\"}"), input -> {
        throw new IllegalStateException("the disk is full");
      })
      .add("deep", "recurses forever", json("{\"type\":\"object\"}"), ToolboxTest::recurse)
      .add("quiet", "answers nothing", json("{\"type\":\"object\"}"), input -> null);

  private static JsonNode recurse(JsonNode input) {
    return recurse(input);
  }

  @Test
  void aValidCallRunsTheToolOnItsInput() {
    ToolResult result = toolbox.call(new ToolCall("c1", "search", "{\"query\":\"refill\",\"n\":3}"));
    assertThat(result.error()).isFalse();
    assertThat(result.tool()).isEqualTo("search");
    assertThat(result.value().path("got")).isEqualTo(json("{\"query\":\"refill\",\"n\":3}"));
    assertThat(toolbox.definitions()).extracting(d -> d.name()).containsExactly("search", "boom", "deep", "quiet");
  }

  @Test
  void anUnknownToolIsAnErrorNamingTheTools() {
    ToolResult result = toolbox.call("find", json("{}"));
    assertThat(result.error()).isTrue();
    assertThat(result.value().path("error").asText())
        .isEqualTo("unknown tool 'find'; the tools are: search, boom, deep, quiet");
  }

  @Test
  void argumentsThatAreNotJsonAreAnErrorAndTheToolDoesNotRun() {
    ToolResult result = toolbox.call(new ToolCall("c1", "search", "{\"query\": refill}"));
    assertThat(result.error()).isTrue();
    assertThat(result.value().path("error").asText()).startsWith("arguments for tool 'search' are not JSON: ")
        .endsWith("send one JSON object as its inputSchema says");
    assertThat(seen).isEmpty();
  }

  @Test
  void invalidInputIsRefusedWithErrorsAndTheSchemaBeforeTheToolRuns() {
    ToolResult result = toolbox.call("search", json("{\"query\":\"\",\"n\":0}"));
    assertThat(result.error()).isTrue();
    JsonNode answer = result.value();
    assertThat(answer.path("error").asText()).startsWith("invalid arguments for tool 'search': at /")
        .contains("(and 1 more)");
    assertThat(answer.path("errors")).hasSize(2);
    assertThat(answer.path("errors").findValuesAsText("instancePath")).containsExactlyInAnyOrder("/query", "/n");
    assertThat(answer.path("errors").findValuesAsText("keyword")).containsExactlyInAnyOrder("minLength", "minimum");
    assertThat(answer.path("errors").get(0).path("message").asText()).isNotBlank();
    assertThat(answer.has("moreErrors")).isFalse();
    assertThat(answer.has("hint")).isFalse();
    assertThat(answer.path("inputSchema")).isEqualTo(SEARCH);
    assertThat(answer.fieldNames()).toIterable().containsExactly("error", "errors", "inputSchema");
    assertThat(seen).isEmpty();
  }

  @Test
  void aMissingRequiredPropertyAndNoArgumentsAtAll() {
    ToolResult blank = toolbox.call(new ToolCall("c1", "search", " "));
    assertThat(blank.value().path("errors").get(0).path("keyword").asText()).isEqualTo("required");
    assertThat(blank.value().path("errors").get(0).path("instancePath").asText()).isEmpty();
    assertThat(toolbox.call("search", null).value()).isEqualTo(blank.value());
  }

  @Test
  void atMostEightErrorsAreListedAndTheRestCounted() {
    ObjectNode schema = JSON.createObjectNode().put("type", "object");
    ObjectNode properties = schema.putObject("properties");
    ObjectNode input = JSON.createObjectNode();
    for (int i = 0; i < 11; i++) {
      properties.putObject("p" + i).put("type", "integer");
      input.put("p" + i, "not a number");
    }
    Toolbox box = new Toolbox().add("many", "eleven integers", schema, in -> in);
    JsonNode answer = box.call("many", input).value();
    assertThat(answer.path("errors")).hasSize(ToolInput.MAX_ERRORS);
    assertThat(answer.path("moreErrors").asInt()).isEqualTo(3);
    assertThat(answer.path("error").asText()).contains("(and 10 more)");
    assertThat(answer.fieldNames()).toIterable().containsExactly("error", "errors", "moreErrors", "inputSchema");
  }

  @Test
  void aThrowingToolIsAnErrorWithItsMessage() {
    ToolResult result = toolbox.call("boom", json("{}"));
    assertThat(result.error()).isTrue();
    assertThat(result.value()).isEqualTo(json("{\"error\":\"tool 'boom' failed: the disk is full\"}"));
  }

  @Test
  void aToolThatOverflowsItsStackIsAnErrorNotACrash() {
    ToolResult result = toolbox.call("deep", json("{}"));
    assertThat(result.error()).isTrue();
    assertThat(result.value().path("error").asText()).contains("StackOverflowError");
  }

  @Test
  void anOutOfMemoryErrorIsNotTheModelsProblemAndPropagates() {
    Toolbox box = new Toolbox().add("hog", "runs out", json("{\"type\":\"object\"}"), in -> {
      throw new OutOfMemoryError("Java heap space");
    });
    assertThatThrownBy(() -> box.call("hog", json("{}"))).isInstanceOf(OutOfMemoryError.class);
  }

  @Test
  void anInterruptedToolIsAnErrorAndTheInterruptIsKept() {
    Toolbox box = new Toolbox().add("wait", "waits", json("{\"type\":\"object\"}"), in -> {
      throw new InterruptedException();
    });
    try {
      ToolResult result = box.call("wait", json("{}"));
      assertThat(result.error()).isTrue();
      assertThat(result.value().path("error").asText()).contains("interrupted");
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted(); // clears the flag for the next test on this thread
    }
  }

  @Test
  void aToolReturningNullAnswersJsonNull() {
    ToolResult result = toolbox.call("quiet", json("{}"));
    assertThat(result.error()).isFalse();
    assertThat(result.value().isNull()).isTrue();
  }

  @Test
  void badSchemasAreTheDevelopersErrorAtAdd() {
    Toolbox box = new Toolbox();
    assertThatThrownBy(() -> box.add("a", "", json("{\"type\":\"objekt\"}"), in -> in))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("tool 'a' inputSchema is not a valid JSON Schema (draft 2020-12): at /type");
    assertThatThrownBy(() -> box.add("b", "", json("{\"properties\":{\"x\":{\"$ref\":\"#/$defs/nope\"}}}"), in -> in))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("/properties/x/$ref");
    assertThatThrownBy(() -> box.add("c", "", json("{\"$ref\":\"https://example.com/s.json\"}"), in -> in))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> box.add("d", "", json("{\"$schema\":\"http://json-schema.org/draft-07/schema#\"}"),
        in -> in)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must be JSON Schema 2020-12");
    assertThatThrownBy(() -> box.add("e", "", json("{\"$defs\":{\"a\":{\"$ref\":\"#/$defs/a\"}}}"), in -> in))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not usable");
    assertThatThrownBy(() -> box.add("search", "", SEARCH, in -> in).add("search", "", SEARCH, in -> in))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("already in the toolbox");
    assertThat(box.definitions()).extracting(d -> d.name()).containsExactly("search");
  }
}
