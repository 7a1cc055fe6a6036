package dev.weft.agents.loop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.weft.agents.model.ChatClient;
import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.model.stub.StubReply.ToolCall;
import dev.weft.agents.model.stub.StubReply.Usage;
import dev.weft.agents.tool.Toolbox;
import dev.weft.models.http.Backoff;
import dev.weft.models.http.EndpointConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The agent tests' fixtures: a client of the stub, scripted replies one by one, a small toolbox, the pairing rule. */
final class Script {
  static final Usage USAGE = new Usage(4, 3);

  private Script() {}

  /** A client of {@code stub} with a long timeout and no retries, so only the agent's own limits end a call. */
  static ChatClient client(StubChatServer stub) {
    EndpointConfig config = EndpointConfig.of(stub.baseUrl(), "stub-model").withApiKeyEnv("AGENT_KEY")
        .withTimeout(Duration.ofSeconds(30)).withMaxRetries(0);
    return new ChatClient(config, Map.<String, String>of()::get, duration -> { }, Backoff.DEFAULT);
  }

  /** The stub answers call n with {@code replies[n - 1]}, and past the script with the last reply again. */
  static void replies(StubChatServer stub, StubReply... replies) {
    stub.replies(request -> replies[Math.min(request.call(), replies.length) - 1]);
  }

  static StubReply calls(ToolCall... calls) {
    return StubReply.toolCalls(List.of(calls), USAGE);
  }

  static ToolCall add(String id, int a, int b) {
    return new ToolCall(id, "add", "{\"a\":" + a + ",\"b\":" + b + "}");
  }

  static StubReply text(String content) {
    return StubReply.text(content, USAGE);
  }

  /** {@code add} (a + b), {@code echo} (its text back) and {@code fail} (always throws). */
  static Toolbox toolbox() {
    JsonNodeFactory nodes = JsonNodeFactory.instance;
    Toolbox toolbox = new Toolbox();
    toolbox.add("add", "adds a and b", nodes.objectNode().put("type", "object"),
        input -> nodes.numberNode(input.path("a").asInt() + input.path("b").asInt()));
    toolbox.add("echo", "returns its text", nodes.objectNode().put("type", "object"),
        input -> TextNode.valueOf(input.path("text").asText()));
    toolbox.add("fail", "always fails", nodes.objectNode().put("type", "object"), input -> {
      throw new IllegalStateException("the disk is on fire");
    });
    return toolbox;
  }

  static List<ChatMessage> ask(String question) {
    return List.of(ChatMessage.user(question));
  }

  /**
   * The chat completions pairing rule: every assistant tool call is answered, before the next non-tool message, by
   * exactly one tool message with its id, in the order of the calls; no tool message answers anything else.
   */
  static void assertPairingLegal(List<ChatMessage> transcript) {
    for (int i = 0; i < transcript.size(); i++) {
      ChatMessage message = transcript.get(i);
      if (message.role() == ChatMessage.Role.TOOL) {
        throw new AssertionError("message " + i + " is a tool message that answers no open call: " + message);
      }
      if (!message.toolCalls().isEmpty()) {
        List<String> ids = new ArrayList<>();
        message.toolCalls().forEach(call -> ids.add(call.id()));
        List<String> answered = new ArrayList<>();
        while (i + 1 < transcript.size() && transcript.get(i + 1).role() == ChatMessage.Role.TOOL) {
          answered.add(transcript.get(++i).toolCallId().orElseThrow());
        }
        assertThat(answered).as("the tool messages after message %d", i).isEqualTo(ids);
        Set<String> unique = new HashSet<>(ids);
        assertThat(unique).hasSameSizeAs(ids);
      }
    }
  }
}
