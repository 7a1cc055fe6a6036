package dev.weft.agents.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.SubcallException.Reason;
import dev.weft.models.http.Backoff;
import dev.weft.models.http.EndpointConfig;
import dev.weft.models.http.JsonHttp;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The chat client against the stub server: replies, streaming, tools, schemas, usage, faults, the key. */
// A guard, not a timing assertion: a regression of a deadline must fail the test, not hang the build.
@Timeout(60)
class ChatClientTest {
  static final String KEY = "sk-test-chat-0123456789-secret";

  private StubChatServer stub;
  private final List<Duration> waits = Collections.synchronizedList(new ArrayList<>());

  @BeforeEach
  void start() throws IOException {
    stub = new StubChatServer();
  }

  @AfterEach
  void stop() {
    stub.close();
  }

  private ChatClient client(Duration timeout, int retries) {
    EndpointConfig config = EndpointConfig.of(stub.baseUrl(), "stub-model").withApiKeyEnv("CHAT_KEY")
        .withTimeout(timeout).withMaxRetries(retries);
    return new ChatClient(config, Map.of("CHAT_KEY", KEY)::get, waits::add, Backoff.DEFAULT);
  }

  private ChatClient client() {
    return client(Duration.ofSeconds(20), 2);
  }

  private static ChatRequest ask(String user) {
    return ChatRequest.of(ChatMessage.system("answer briefly"), ChatMessage.user(user));
  }

  private static JsonNode json(String text) throws IOException {
    return JsonHttp.JSON.readTree(text);
  }

  @Test
  void aPlainReplyCarriesTheTextAndTheReportedUsageAndTheKeyGoesInTheHeaderOnly() {
    ChatReply reply = client().chat(ask("hello world"), CancelSignal.none());

    assertThat(reply.content()).isEqualTo("echo: hello world");
    assertThat(reply.finishReason()).isEqualTo("stop");
    assertThat(reply.usage()).isEqualTo(Usage.reported(4, 3, 7));
    assertThat(reply.structured()).isEmpty();
    assertThat(stub.requests()).singleElement().satisfies(seen -> {
      assertThat(seen.path()).isEqualTo("/v1/chat/completions");
      assertThat(seen.authorization()).isEqualTo("Bearer " + KEY);
      assertThat(seen.model()).isEqualTo("stub-model");
      assertThat(seen.stream()).isFalse();
      assertThat(seen.body().toString()).doesNotContain(KEY);
    });
  }

  @Test
  void aStreamedReplyIsAssembledFromItsChunksWithTheUsageChunk() {
    ChatReply reply = client().chat(ask("one two three").streaming(true), CancelSignal.none());

    assertThat(reply.content()).isEqualTo("echo: one two three");
    assertThat(reply.usage()).isEqualTo(Usage.reported(5, 4, 9));
    assertThat(stub.requests()).singleElement().satisfies(seen -> {
      assertThat(seen.stream()).isTrue();
      assertThat(seen.includeUsage()).isTrue();
    });
  }

  @Test
  void toolsAreSentAndToolCallsComeBackPlainAndStreamed() throws Exception {
    List<StubReply.ToolCall> calls = List.of(new StubReply.ToolCall("call_1", "lookup", "{\"q\":\"weft\"}"),
        new StubReply.ToolCall("call_2", "count", "{}"));
    stub.replies(seen -> StubReply.toolCalls(calls, new StubReply.Usage(10, 5)));
    ChatRequest request = ask("find it").withTools(List.of(new ToolDefinition("lookup", "looks a word up",
        json("{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"}}}"))));
    List<ToolCall> expected = List.of(new ToolCall("call_1", "lookup", "{\"q\":\"weft\"}"),
        new ToolCall("call_2", "count", "{}"));

    ChatReply plain = client().chat(request, CancelSignal.none());
    ChatReply streamed = client().chat(request.streaming(true), CancelSignal.none());

    assertThat(plain.toolCalls()).isEqualTo(expected);
    assertThat(plain.finishReason()).isEqualTo("tool_calls");
    assertThat(streamed.toolCalls()).isEqualTo(expected);
    assertThat(streamed.content()).isEmpty();
    assertThat(stub.requests().get(0).body().at("/tools/0/function/name").asText()).isEqualTo("lookup");
    assertThat(stub.requests().get(0).body().at("/tools/0/type").asText()).isEqualTo("function");
  }

  @Test
  void aToolResultGoesBackAsAToolMessageAnsweringTheCallById() {
    ToolCall call = new ToolCall("call_9", "lookup", "{}");
    client().chat(ChatRequest.of(ChatMessage.user("q"), ChatMessage.assistant("", List.of(call)),
        ChatMessage.tool("call_9", "42")), CancelSignal.none());

    JsonNode messages = stub.requests().get(0).body().path("messages");
    assertThat(messages.at("/1/content").isNull()).isTrue();
    assertThat(messages.at("/1/tool_calls/0/id").asText()).isEqualTo("call_9");
    assertThat(messages.at("/2/role").asText()).isEqualTo("tool");
    assertThat(messages.at("/2/tool_call_id").asText()).isEqualTo("call_9");
  }

  @Test
  void aStructuredReplyIsParsedAndValidatedAgainstTheFullSchema() throws Exception {
    JsonNode schema = json("{\"type\":\"object\",\"required\":[\"text\",\"chars\"],\"additionalProperties\":false,"
        + "\"properties\":{\"text\":{\"type\":\"string\"},\"chars\":{\"type\":\"integer\",\"minimum\":1}}}");

    ChatReply reply = client().chat(ask("abcd").withOutputSchema(new OutputSchema("piece", schema)),
        CancelSignal.none());

    assertThat(reply.structured()).contains(json("{\"text\":\"abcd\",\"chars\":4}"));
    assertThat(stub.requests().get(0).body().path("response_format")).isEqualTo(json(
        "{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"piece\",\"strict\":true,\"schema\":" + schema + "}}"));
  }

  @Test
  void aReplyOffTheSchemaNamesThePointerAndTheRule() throws Exception {
    JsonNode schema = json("{\"type\":\"object\",\"properties\":{\"items\":{\"type\":\"array\","
        + "\"items\":{\"type\":\"integer\"}}}}");
    stub.replies(seen -> StubReply.text("{\"items\":[1,\"two\"]}"));

    ChatException e = catchThrowableOfType(ChatException.class,
        () -> client().chat(ask("x").withOutputSchema(new OutputSchema("nums", schema)), CancelSignal.none()));

    assertThat(e.reason()).isEqualTo(Reason.SCHEMA_MISMATCH);
    assertThat(e.getMessage()).contains("does not match output schema 'nums' at /items/1 (rule 'type')")
        .contains("string");
    assertThat(e.status()).isEqualTo(ExitStatus.IO_FAILURE);
  }

  @Test
  void aReplyThatIsNotJsonUnderASchemaIsMalformed() throws Exception {
    stub.replies(seen -> StubReply.text("Sure! Here it is: {"));

    ChatException e = catchThrowableOfType(ChatException.class, () -> client().chat(
        ask("x").withOutputSchema(new OutputSchema("s", json("{\"type\":\"object\"}"))), CancelSignal.none()));

    assertThat(e.reason()).isEqualTo(Reason.MALFORMED_REPLY);
    assertThat(e.getMessage()).contains("the reply is not JSON, though output schema 's' was asked for");
  }

  @Test
  void anInvalidOutputSchemaIsRefusedBeforeAnythingIsSent() throws Exception {
    OutputSchema bad = new OutputSchema("bad", json("{\"type\":\"no-such-type\"}"));

    IllegalArgumentException e = catchThrowableOfType(IllegalArgumentException.class,
        () -> client().chat(ask("x").withOutputSchema(bad), CancelSignal.none()));

    assertThat(e).hasMessageStartingWith("output schema is not a valid JSON Schema (draft 2020-12): at /type");
    assertThat(stub.calls()).isZero();
  }

  @Test
  void withoutReportedUsageTheTokensAreEstimatedAtFourCharactersEach() {
    stub.replies(seen -> StubReply.text("12345"));

    ChatReply plain = client().chat(ask("hello"), CancelSignal.none());
    ChatReply streamed = client().chat(ask("hello").streaming(true), CancelSignal.none());

    // prompt "answer briefly" (14) + "hello" (5) = 19 chars -> 5 tokens; reply 5 chars -> 2 tokens
    assertThat(plain.usage()).isEqualTo(new Usage(5, 2, 7, true));
    assertThat(streamed.usage()).isEqualTo(new Usage(5, 2, 7, true));
  }
}
