package dev.weft.agents.model.stub;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The stub answers as an OpenAI-compatible server does, injects its faults and counts what it sees. */
@Timeout(60)
class StubChatServerTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private StubChatServer stub;

  @BeforeEach
  void start() throws IOException {
    stub = new StubChatServer();
  }

  @AfterEach
  void stop() {
    stub.close();
  }

  private HttpResponse<String> post(String body) throws IOException, InterruptedException {
    return client.send(request(body), HttpResponse.BodyHandlers.ofString());
  }

  private HttpRequest request(String body) {
    return HttpRequest.newBuilder(URI.create(stub.baseUrl() + "/v1/chat/completions"))
        .POST(HttpRequest.BodyPublishers.ofString(body)).build();
  }

  private static String chat(String user, boolean stream) {
    return "{\"model\":\"m\",\"stream\":" + stream + ",\"stream_options\":{\"include_usage\":" + stream + "},"
        + "\"messages\":[{\"role\":\"system\",\"content\":\"say it\"},{\"role\":\"user\",\"content\":\"" + user
        + "\"}]}";
  }

  @Test
  void echoesTheUserMessageWithUsageByDefault() throws Exception {
    JsonNode reply = JSON.readTree(post(chat("hello there", false)).body());

    assertThat(reply.at("/choices/0/message/content").asText()).isEqualTo("echo: hello there");
    assertThat(reply.at("/usage/prompt_tokens").asInt()).isEqualTo(4);
    assertThat(reply.at("/usage/completion_tokens").asInt()).isEqualTo(3);
    assertThat(stub.requests()).singleElement().satisfies(r -> {
      assertThat(r.userMessage()).isEqualTo("hello there");
      assertThat(r.systemMessage()).isEqualTo("say it");
    });
  }

  @Test
  void fillsARequestedSchemaFromTheUserMessage() throws Exception {
    String body = "{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"abc\"}],\"response_format\":"
        + "{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"r\",\"strict\":true,\"schema\":{\"type\":\"object\","
        + "\"properties\":{\"s\":{\"type\":\"string\"},\"n\":{\"type\":\"integer\"},\"b\":{\"type\":\"boolean\"},"
        + "\"e\":{\"enum\":[\"x\",\"y\"]}}}}}}";

    JsonNode reply = JSON.readTree(post(body).body());

    assertThat(JSON.readTree(reply.at("/choices/0/message/content").asText()))
        .isEqualTo(JSON.readTree("{\"s\":\"abc\",\"n\":3,\"b\":true,\"e\":\"x\"}"));
  }

  @Test
  void streamsTheContentInChunksThenUsageThenDone() throws Exception {
    List<String> data = new ArrayList<>();
    for (String line : post(chat("one two three", true)).body().split("\n")) {
      if (line.startsWith("data: ")) {
        data.add(line.substring(6));
      }
    }

    assertThat(data).last().isEqualTo("[DONE]");
    StringBuilder content = new StringBuilder();
    for (String event : data.subList(0, data.size() - 1)) {
      content.append(JSON.readTree(event).at("/choices/0/delta/content").asText(""));
    }
    assertThat(content).hasToString("echo: one two three");
    assertThat(JSON.readTree(data.get(data.size() - 2)).at("/usage/total_tokens").asInt()).isEqualTo(9);
  }

  @Test
  void injectsFaultsByCallNumberAndInOrder() throws Exception {
    stub.failCall(2, StubFault.serverError()).failNext(StubFault.rateLimited(3));

    HttpResponse<String> first = post(chat("a", false));
    HttpResponse<String> second = post(chat("b", false));
    HttpResponse<String> third = post(chat("c", false));

    assertThat(first.statusCode()).isEqualTo(429);
    assertThat(first.headers().firstValue("retry-after")).contains("3");
    assertThat(second.statusCode()).isEqualTo(500);
    assertThat(third.statusCode()).isEqualTo(200);
    assertThat(stub.calls()).isEqualTo(3);
  }

  @Test
  void countsTheMostCallsInFlightAndSeesAStalledClientLeave() throws Exception {
    stub.failEvery(1, StubFault.stall());
    List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      calls.add(client.sendAsync(request(chat("x" + i, false)), HttpResponse.BodyHandlers.ofString()));
    }
    stub.awaitInFlightAtLeast(5);

    calls.forEach(call -> call.cancel(true));
    stub.awaitInFlightAtMost(0);

    assertThat(stub.maxInFlight()).isEqualTo(5);
    assertThat(stub.inFlight()).isZero();
  }
}
