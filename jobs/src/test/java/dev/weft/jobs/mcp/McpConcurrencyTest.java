package dev.weft.jobs.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The server's reader and its workers: a held tool call does not keep ping waiting, notifications/cancelled
 * cancels a running call (its signal fires, no response is sent) or a queued one (it never runs), and a line over
 * the cap is answered with -32600 and the server goes on. Every wait is on a latch with a deadline; nothing sleeps.
 */
class McpConcurrencyTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final long DEADLINE_SECONDS = 60;

  /** Calls of the hold tool: each waits until released or cancelled. */
  private final CountDownLatch started = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private final CountDownLatch sawCancel = new CountDownLatch(1);
  private final List<String> ran = Collections.synchronizedList(new ArrayList<>());

  private OutputStream toServer;
  private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();
  private final List<String> transcript = Collections.synchronizedList(new ArrayList<>());
  private CompletableFuture<Void> served;

  private McpTool hold() {
    ObjectNode schema = (ObjectNode) json("{\"type\":\"object\",\"properties\":{\"tag\":{\"type\":\"string\"}},"
        + "\"additionalProperties\":false}");
    return new McpTool("hold", "Waits until released or cancelled.", schema, args -> {
      ran.add(args.string("tag"));
      try (var registration = args.cancel().onCancel(sawCancel::countDown)) {
        started.countDown();
        await(anyOf(release, sawCancel));
      }
      return ToolResult.text(args.cancel().isCancelled() ? "cancelled" : "released " + args.string("tag"), null);
    });
  }

  private void start(int maxLineBytes, int toolThreads) throws IOException {
    McpServer server = new McpServer(new McpServer.Info("test", "1.0", null), List.of(hold()),
        failure -> ToolResult.error("failed: " + failure, null), () -> { },
        new McpServer.Limits(maxLineBytes, toolThreads, Duration.ofSeconds(DEADLINE_SECONDS)));
    PipedInputStream serverIn = new PipedInputStream(1 << 16);
    toServer = new PipedOutputStream(serverIn);
    PipedInputStream fromServer = new PipedInputStream(1 << 16);
    PipedOutputStream serverOut = new PipedOutputStream(fromServer);
    served = CompletableFuture.runAsync(() -> {
      try (serverOut) {
        server.serve(serverIn, serverOut);
      } catch (IOException | InterruptedException e) {
        throw new IllegalStateException(e);
      }
    });
    Thread reader = new Thread(() -> read(fromServer), "test-reader");
    reader.setDaemon(true);
    reader.start();
  }

  private void read(InputStream fromServer) {
    try (BufferedReader in = new BufferedReader(new InputStreamReader(fromServer, StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        transcript.add(line);
        answers.add(line);
      }
    } catch (IOException e) {
      answers.add("{\"readFailed\":\"" + e + "\"}");
    }
  }

  @AfterEach
  void stop() throws Exception {
    release.countDown();
    if (toServer != null) {
      toServer.close();
      served.get(DEADLINE_SECONDS, TimeUnit.SECONDS);
    }
  }

  @Test
  void pingIsAnsweredWhileAToolCallRunsAndTheCallIsAnsweredWhenItEnds() throws Exception {
    start(McpServer.Limits.DEFAULT_MAX_LINE_BYTES, 4);
    send(call(1, "a"));
    await(started);

    send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
    assertThat(next().path("id").asInt()).as("ping is answered while the call is held").isEqualTo(2);

    release.countDown();
    JsonNode answer = next();
    assertThat(answer.path("id").asInt()).isEqualTo(1);
    assertThat(answer.at("/result/content/0/text").asText()).isEqualTo("released a");
  }

  @Test
  void aCancelledRunningCallIsCancelledAndGetsNoResponse() throws Exception {
    start(McpServer.Limits.DEFAULT_MAX_LINE_BYTES, 4);
    send(call(7, "a"));
    await(started);

    send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":7,"
        + "\"reason\":\"user stopped it\"}}");
    await(sawCancel); // the tool saw its signal fire

    // a cancel for an id that is not in flight (never sent, or of another type) is ignored
    send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"7\"}}");
    send("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\"}");
    assertThat(next().path("id").asInt()).isEqualTo(8);
    toServer.close(); // the end of input waits for the cancelled call to end
    served.get(DEADLINE_SECONDS, TimeUnit.SECONDS);
    assertThat(transcript).as("no response to the cancelled request").noneMatch(line -> json(line).path("id")
        .asInt() == 7);
    assertThat(ran).containsExactly("a");
  }

  @Test
  void aCallCancelledWhileItWaitsForAWorkerNeverRunsAndTheIdIsFreeAgain() throws Exception {
    start(McpServer.Limits.DEFAULT_MAX_LINE_BYTES, 1);
    send(call(1, "first"));
    await(started);
    send(call(2, "queued")); // the one worker is busy: it waits
    send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":2}}");
    send(call(1, "duplicate")); // id 1 is still in flight
    JsonNode duplicate = next();
    assertThat(duplicate.path("id").asInt()).isEqualTo(1);
    assertThat(duplicate.at("/error/code").asInt()).isEqualTo(McpServer.INVALID_REQUEST);
    assertThat(duplicate.at("/error/message").asText()).contains("id 1 is already used by a request in flight");

    release.countDown();
    assertThat(next().at("/result/content/0/text").asText()).isEqualTo("released first");
    send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}");
    assertThat(next().path("id").asInt()).isEqualTo(3);
    toServer.close();
    served.get(DEADLINE_SECONDS, TimeUnit.SECONDS);
    assertThat(ran).as("the cancelled call never ran").containsExactly("first");
    assertThat(transcript).noneMatch(line -> json(line).path("id").asInt() == 2);
  }

  @Test
  void aLineOverTheCapIsRefusedWithItsSizeAndTheServerGoesOn() throws Exception {
    start(1024, 4);
    String tooLong = call(1, "x".repeat(5000));
    send(tooLong);
    JsonNode refused = next();
    assertThat(refused.path("id").isNull()).isTrue();
    assertThat(refused.at("/error/code").asInt()).isEqualTo(McpServer.INVALID_REQUEST);
    assertThat(refused.at("/error/message").asText()).isEqualTo("message too long: a line of "
        + tooLong.getBytes(StandardCharsets.UTF_8).length + " bytes, the limit is 1024 bytes; send a smaller "
        + "message, or start the server with a larger --max-line-bytes");
    assertThat(ran).isEmpty();

    send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
    assertThat(next().path("id").asInt()).isEqualTo(2);
  }

  private static String call(int id, String tag) {
    return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"hold\","
        + "\"arguments\":{\"tag\":\"" + tag + "\"}}}";
  }

  private void send(String line) throws IOException {
    toServer.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    toServer.flush();
  }

  private JsonNode next() throws InterruptedException {
    String line = answers.poll(DEADLINE_SECONDS, TimeUnit.SECONDS);
    if (line == null) {
      throw new AssertionError("no answer within " + DEADLINE_SECONDS + " s; so far: " + transcript);
    }
    return json(line);
  }

  /** A latch that opens when either opens. */
  private static CountDownLatch anyOf(CountDownLatch a, CountDownLatch b) {
    CountDownLatch either = new CountDownLatch(1);
    for (CountDownLatch latch : List.of(a, b)) {
      Thread waiter = new Thread(() -> {
        try {
          latch.await();
          either.countDown();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      waiter.setDaemon(true);
      waiter.start();
    }
    return either;
  }

  private static void await(CountDownLatch latch) {
    try {
      if (!latch.await(DEADLINE_SECONDS, TimeUnit.SECONDS)) {
        throw new AssertionError("a latch did not open within " + DEADLINE_SECONDS + " s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted");
    }
  }

  private static JsonNode json(String text) {
    try {
      return MAPPER.readTree(text);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }
}
