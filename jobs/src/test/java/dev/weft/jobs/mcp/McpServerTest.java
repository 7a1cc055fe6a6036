package dev.weft.jobs.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The protocol alone: one fake tool, every JSON-RPC error, negotiation, in-band failures, EOF. */
class McpServerTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private final AtomicInteger initializations = new AtomicInteger();
  private final McpServer server = new McpServer(new McpServer.Info("test", "1.0", "hello"), List.of(echo()),
      failure -> ToolResult.error("failed: " + failure.getMessage(), null), initializations::incrementAndGet);

  private static McpTool echo() {
    ObjectNode schema = (ObjectNode) json("{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\","
        + "\"minLength\":1},\"fail\":{\"type\":\"boolean\"}},\"required\":[\"text\"],\"additionalProperties\":false}");
    return new McpTool("echo", "Echoes text.", schema, args -> {
      if (args.flag("fail")) {
        throw new IllegalStateException("asked to fail with " + args.string("text"));
      }
      return ToolResult.text(args.string("text") + "\nsecond line", null);
    });
  }

  private static JsonNode json(String text) {
    try {
      return MAPPER.readTree(text);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private JsonNode answer(String line) {
    return server.handle(line).orElseThrow(() -> new AssertionError("no answer to " + line));
  }

  private JsonNode error(String line, int code) {
    JsonNode answer = answer(line);
    assertThat(answer.path("error").path("code").asInt()).as(answer.toString()).isEqualTo(code);
    assertThat(answer.path("jsonrpc").asText()).isEqualTo("2.0");
    return answer;
  }

  @Test
  void initializeAnswersTheClientsVersionWhenSupportedElseTheLatest() {
    JsonNode known = answer("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
        + "{\"protocolVersion\":\"2025-03-26\",\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}");
    assertThat(known.path("id").asInt()).isEqualTo(1);
    assertThat(known.at("/result/protocolVersion").asText()).isEqualTo("2025-03-26");
    assertThat(known.at("/result/serverInfo/name").asText()).isEqualTo("test");
    assertThat(known.at("/result/capabilities/tools").isObject()).isTrue();
    assertThat(known.at("/result/instructions").asText()).isEqualTo("hello");

    JsonNode unknown = answer("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"initialize\",\"params\":"
        + "{\"protocolVersion\":\"2099-01-01\"}}");
    assertThat(unknown.path("id").asText()).isEqualTo("a");
    assertThat(unknown.at("/result/protocolVersion").asText()).isEqualTo(McpServer.PROTOCOL_VERSIONS.get(0));
    assertThat(initializations).as("the background work starts once").hasValue(1);
  }

  @Test
  void pingListAndCall() {
    assertThat(answer("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}").path("result").isEmpty()).isTrue();
    JsonNode tools = answer("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}").at("/result/tools");
    assertThat(tools).hasSize(1);
    assertThat(tools.get(0).path("name").asText()).isEqualTo("echo");
    assertThat(tools.get(0).at("/inputSchema/required/0").asText()).isEqualTo("text");

    JsonNode call = answer("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
        + "\"arguments\":{\"text\":\"hi\"}}}");
    assertThat(call.at("/result/isError").asBoolean()).isFalse();
    assertThat(call.at("/result/content/0/type").asText()).isEqualTo("text");
    assertThat(call.at("/result/content/0/text").asText()).isEqualTo("hi\nsecond line");
  }

  @Test
  void aToolsFailureAndArgumentsItsSchemaRefusesComeBackInBand() {
    JsonNode failed = answer("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
        + "\"arguments\":{\"text\":\"x\",\"fail\":true}}}");
    assertThat(failed.has("error")).isFalse();
    assertThat(failed.at("/result/isError").asBoolean()).isTrue();
    assertThat(failed.at("/result/content/0/text").asText()).isEqualTo("failed: asked to fail with x");

    JsonNode refused = answer("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
        + "\"arguments\":{\"text\":\"\",\"extra\":1}}}");
    assertThat(refused.at("/result/isError").asBoolean()).isTrue();
    assertThat(refused.at("/result/content/0/text").asText())
        .startsWith("failed: invalid arguments for tool 'echo': at /")
        .contains("(and 1 more)", "errors lists them and inputSchema says what the tool takes");

    JsonNode missing = answer("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\"}}");
    assertThat(missing.at("/result/content/0/text").asText()).contains("(rule 'required')", "text");
  }

  @Test
  void malformedMessagesGetProtocolErrors() {
    assertThat(error("{not json", McpServer.PARSE_ERROR).path("id").isNull()).isTrue();
    assertThat(error("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]", McpServer.INVALID_REQUEST)
        .at("/error/message").asText()).contains("batches are not supported");
    error("42", McpServer.INVALID_REQUEST);
    error("{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"ping\"}", McpServer.INVALID_REQUEST);
    error("{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"ping\"}", McpServer.INVALID_REQUEST);
    error("{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}", McpServer.INVALID_REQUEST);
    error("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":7}", McpServer.INVALID_REQUEST);
    assertThat(error("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"resources/list\"}", McpServer.METHOD_NOT_FOUND)
        .path("id").asInt()).isEqualTo(8);
    error("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\",\"params\":[1]}", McpServer.INVALID_PARAMS);
    error("{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"initialize\",\"params\":{}}", McpServer.INVALID_PARAMS);
    assertThat(error("{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"tools/call\",\"params\":{\"name\":\"nope\"}}",
        McpServer.INVALID_PARAMS).at("/error/message").asText()).isEqualTo("unknown tool 'nope'; tools/list names "
            + "the 1 tools: echo");
    error("{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"tools/call\",\"params\":{}}", McpServer.INVALID_PARAMS);
    error("{\"jsonrpc\":\"2.0\",\"id\":13,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":[]}}",
        McpServer.INVALID_PARAMS);
  }

  @Test
  void notificationsAndResponsesAreNotAnswered() {
    assertThat(server.handle("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")).isEmpty();
    assertThat(server.handle("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":"
        + "{\"requestId\":3}}")).isEmpty();
    assertThat(server.handle("{\"jsonrpc\":\"2.0\",\"method\":\"no/such/notification\"}")).isEmpty();
    assertThat(server.handle("{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{}}")).isEmpty();
  }

  @Test
  void servesOneLinePerAnswerAndReturnsAtEndOfInput() throws Exception {
    String in = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n\n"
        + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
        + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":"
        + "{\"text\":\"h\u00e9\"}}}\n"
        + "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}"; // the last line has no newline: EOF ends it
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    server.serve(new ByteArrayInputStream(in.getBytes(StandardCharsets.UTF_8)), out);
    List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
    assertThat(lines).hasSize(3);
    assertThat(lines).allSatisfy(line -> assertThat(json(line).path("jsonrpc").asText()).isEqualTo("2.0"));
    // a tool call runs on a worker: its answer may come after a later ping's (JSON-RPC matches by id)
    assertThat(lines.stream().map(line -> json(line).path("id").asInt()).toList()).containsExactlyInAnyOrder(1, 2, 3);
    assertThat(lines.stream().map(McpServerTest::json).filter(answer -> answer.path("id").asInt() == 2)
        .findFirst().orElseThrow().at("/result/content/0/text").asText()).isEqualTo("h\u00e9\nsecond line");
    assertThat(out.toString(StandardCharsets.UTF_8)).endsWith("}\n");
  }
}
