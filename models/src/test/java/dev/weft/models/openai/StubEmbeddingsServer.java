package dev.weft.models.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.weft.models.hash.HashEmbedder;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * A real OpenAI-compatible {@code /v1/embeddings} server on loopback, scripted per request. By default it answers
 * like a server: each input's vector is the hash embedder's at the given dims, and the {@code data} items come
 * back in reverse order, so a client that ignores {@code index} gets them wrong. Published in the models test jar
 * for other modules' tests of the {@code openai:} embedder.
 */
public final class StubEmbeddingsServer implements AutoCloseable {
  /** One request as the server saw it. */
  public record Seen(String method, String path, String authorization, List<String> inputs, String model) {}

  /**
   * What to answer: a status, headers and a body; {@code hang} holds the response until the server closes;
   * {@code stallBody} sends the headers and the first half of the body, then holds the rest until the server closes.
   */
  public record Reply(int status, Map<String, String> headers, String body, boolean hang, boolean stallBody) {
    public Reply(int status, Map<String, String> headers, String body, boolean hang) {
      this(status, headers, body, hang, false);
    }

    public static Reply json(int status, String body) {
      return new Reply(status, Map.of(), body, false);
    }

    public static Reply hanging() {
      return new Reply(0, Map.of(), "", true);
    }

    public static Reply stallingBody(String body) {
      return new Reply(200, Map.of(), body, false, true);
    }
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool();
  private final int dims;
  private final ConcurrentLinkedQueue<Function<Seen, Reply>> script = new ConcurrentLinkedQueue<>();
  private final List<Seen> seen = Collections.synchronizedList(new ArrayList<>());
  private final CountDownLatch closing = new CountDownLatch(1);
  private final AtomicBoolean closed = new AtomicBoolean();

  public StubEmbeddingsServer(int dims) throws IOException {
    this.dims = dims;
    this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", this::handle);
    server.setExecutor(executor);
    server.start();
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Answers the next requests in turn with these replies; after them, with embeddings. */
  public StubEmbeddingsServer then(Function<Seen, Reply> reply) {
    script.add(reply);
    return this;
  }

  public List<Seen> seen() {
    return List.copyOf(seen);
  }

  /** The vector the server returns for {@code text}, as the client should hand it back. */
  public float[] vectorOf(String text) {
    return new HashEmbedder(dims).embed(List.of(text)).get(0);
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
      List<String> inputs = new ArrayList<>();
      body.path("input").forEach(node -> inputs.add(node.asText()));
      Seen request = new Seen(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
          exchange.getRequestHeaders().getFirst("Authorization"), inputs, body.path("model").asText());
      seen.add(request);
      Function<Seen, Reply> scripted = script.poll();
      Reply reply = scripted == null ? embeddings(request) : scripted.apply(request);
      if (reply.hang()) {
        closing.await();
        return;
      }
      reply.headers().forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(reply.status(), bytes.length == 0 ? -1 : bytes.length);
      try (OutputStream out = exchange.getResponseBody()) {
        if (reply.stallBody()) {
          out.write(bytes, 0, bytes.length / 2);
          out.flush();
          closing.await();
          return;
        }
        out.write(bytes);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  public Reply embeddings(Seen request) {
    ObjectNode root = JSON.createObjectNode();
    root.put("object", "list");
    ArrayNode data = root.putArray("data");
    for (int i = request.inputs().size() - 1; i >= 0; i--) {
      ObjectNode item = data.addObject();
      item.put("object", "embedding");
      item.put("index", i);
      ArrayNode vector = item.putArray("embedding");
      // Scaled by 3: the client must normalise what it gets.
      for (float x : vectorOf(request.inputs().get(i))) {
        vector.add(x * 3);
      }
    }
    root.put("model", request.model());
    return Reply.json(200, root.toString());
  }

  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    closing.countDown();
    server.stop(0);
    executor.shutdownNow();
  }
}
