package dev.weft.jobs.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.tool.ToolInput;
import dev.weft.agents.tool.Toolbox;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code tools/call} arguments go through the agents' {@link ToolInput}: the same JSON-text repair and the same
 * eight-error {@code {error, errors, moreErrors?, hint?, inputSchema}} rejection as the agent {@link Toolbox}, in-band
 * with {@code isError: true}, in {@code structuredContent} beside the usual {@code status}, {@code exitCode} and
 * {@code message}, and as JSON after the one line of the text.
 */
class McpToolInputTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final ObjectNode SCHEMA = (ObjectNode) json("""
      {"type": "object",
       "properties": {"query": {"type": "string"},
                      "filter": {"type": "object", "properties": {"tags": {"type": "array", "items":
                                 {"type": "string"}}}, "additionalProperties": false},
                      "ids": {"type": "array", "items": {"type": "integer"}}},
       "required": ["query"], "additionalProperties": false}
      """);

  private final List<JsonNode> seen = new ArrayList<>();
  private final McpServer server = new McpServer(new McpServer.Info("test", "1.0", null), List.of(search()),
      failure -> ToolResult.error("weft: " + failure.getMessage(), MAPPER.createObjectNode().put("status", "bad_input")
          .put("exitCode", 2).put("message", failure.getMessage())), () -> { });
  private final Toolbox toolbox = new Toolbox().add("search", "Searches.", SCHEMA, input -> input);

  private McpTool search() {
    return new McpTool("search", "Searches.", SCHEMA, args -> {
      seen.add(args.node());
      return ToolResult.of((ObjectNode) args.node());
    });
  }

  private static JsonNode json(String text) {
    try {
      return MAPPER.readTree(text);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private JsonNode call(String arguments) {
    return server.handle("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"search\","
        + "\"arguments\":" + arguments + "}}").orElseThrow().path("result");
  }

  @Test
  void jsonEncodedStructureIsRepairedBeforeTheToolRuns() {
    JsonNode result = call("{\"query\":\"q\",\"filter\":\"{\\\"tags\\\":\\\"[\\\\\\\"a\\\\\\\"]\\\"}\","
        + "\"ids\":\"[1,2]\"}");
    assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
    JsonNode meant = json("{\"query\":\"q\",\"filter\":{\"tags\":[\"a\"]},\"ids\":[1,2]}");
    assertThat(seen).containsExactly(meant);
    assertThat(result.path("structuredContent")).isEqualTo(meant);
  }

  @Test
  void aRefusalCarriesTheToolboxsRejectionInBand() {
    String arguments = "{\"query\":7,\"filter\":\"{tags: [a]}\",\"ids\":[\"x\"]}";
    JsonNode result = call(arguments);
    assertThat(result.path("isError").asBoolean()).isTrue();
    assertThat(seen).isEmpty();
    JsonNode structured = result.path("structuredContent");
    assertThat(structured.path("status").asText()).isEqualTo("bad_input");
    assertThat(structured.path("exitCode").asInt()).isEqualTo(2);

    ObjectNode toolbox = (ObjectNode) this.toolbox.call("search", json(arguments)).value();
    ObjectNode same = structured.deepCopy();
    same.remove(List.of("status", "exitCode", "message"));
    assertThat(same).as("the agent toolbox's answer to the same input").isEqualTo(toolbox);
    assertThat(same.fieldNames()).toIterable().containsExactly("error", "errors", "hint", "inputSchema");
    assertThat(structured.path("errors")).hasSize(3);
    assertThat(structured.path("hint").asText()).startsWith("'/filter' wants an object but arrived as a string "
        + "that does not parse as JSON (");
    assertThat(structured.path("inputSchema")).isEqualTo(SCHEMA);

    String text = result.at("/content/0/text").asText();
    String line = text.substring(0, text.indexOf('\n'));
    assertThat(line).isEqualTo("weft: " + structured.path("error").asText())
        .startsWith("weft: invalid arguments for tool 'search': at /");
    assertThat(json(text.substring(text.indexOf('\n') + 1))).isEqualTo(toolbox);
  }

  @Test
  void atMostEightErrorsAndTheRestCounted() {
    StringBuilder arguments = new StringBuilder("{\"query\":\"q\"");
    for (int i = 0; i < 12; i++) {
      arguments.append(",\"extra").append(i).append("\":").append(i);
    }
    JsonNode structured = call(arguments.append('}').toString()).path("structuredContent");
    assertThat(structured.path("errors")).hasSize(ToolInput.MAX_ERRORS);
    assertThat(structured.path("errors").findValuesAsText("keyword")).containsOnly("additionalProperties");
    assertThat(structured.path("moreErrors").asInt()).isEqualTo(4);
  }

  @Test
  void anUnusableSchemaIsRefusedWhenTheServerIsBuilt() {
    McpTool bad = new McpTool("bad", "Bad.", (ObjectNode) json("{\"type\":\"object\",\"properties\":{\"a\":"
        + "{\"type\":\"text\"}}}"), args -> ToolResult.of(MAPPER.createObjectNode()));
    assertThatThrownBy(() -> new McpServer(new McpServer.Info("t", "1", null),
        List.of(bad), failure -> ToolResult.error("x", null), () -> { }))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("tool 'bad' inputSchema is not a valid JSON Schema (draft 2020-12): at /properties/a");
  }
}
