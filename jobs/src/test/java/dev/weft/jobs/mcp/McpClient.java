package dev.weft.jobs.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A test's MCP client over a pair of streams (a child's stdin/stdout or in-JVM pipes): writes one message per line
 * and reads the answers on its own thread, so every wait has a deadline.
 */
public final class McpClient implements AutoCloseable {
  static final ObjectMapper MAPPER = new ObjectMapper();
  private static final long DEADLINE_SECONDS = 120;
  private static final String EOF = "\u0000eof";

  private final OutputStream toServer;
  private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
  /** Every line the server wrote, for asserting that stdout held nothing but protocol messages. */
  public final List<String> transcript = Collections.synchronizedList(new ArrayList<>());
  private int nextId = 1;

  public McpClient(OutputStream toServer, InputStream fromServer) {
    this.toServer = toServer;
    Thread reader = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(fromServer, StandardCharsets.UTF_8))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          transcript.add(line);
          lines.add(line);
        }
      } catch (IOException e) {
        lines.add("read failed: " + e);
      } finally {
        lines.add(EOF);
      }
    }, "mcp-test-client");
    reader.setDaemon(true);
    reader.start();
  }

  public void send(String line) {
    try {
      toServer.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      toServer.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The next line the server writes, parsed. */
  public JsonNode next() {
    String line;
    try {
      line = lines.poll(DEADLINE_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted waiting for the server");
    }
    if (line == null) {
      throw new AssertionError("no answer from the server within " + DEADLINE_SECONDS + " s");
    }
    if (line.equals(EOF)) {
      throw new AssertionError("the server closed its output");
    }
    try {
      return MAPPER.readTree(line);
    } catch (IOException e) {
      throw new AssertionError("not JSON on the server's output: " + line, e);
    }
  }

  /** True once the server closed its output (within the deadline). */
  public boolean closedOutput() throws InterruptedException {
    String line = lines.poll(DEADLINE_SECONDS, TimeUnit.SECONDS);
    return EOF.equals(line);
  }

  public JsonNode request(String method, JsonNode params) {
    int id = nextId++;
    ObjectNode message = MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
    if (params != null) {
      message.set("params", params);
    }
    send(message.toString());
    JsonNode answer = next();
    if (answer.path("id").asInt() != id) {
      throw new AssertionError("expected the answer to " + id + ", got: " + answer);
    }
    return answer;
  }

  public JsonNode initialize() {
    JsonNode answer = request("initialize", json("{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
        + "\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}"));
    send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    return answer;
  }

  /** The tools/call result (content, structuredContent, isError). */
  public JsonNode call(String tool, String arguments) {
    ObjectNode params = MAPPER.createObjectNode().put("name", tool);
    params.set("arguments", json(arguments));
    JsonNode answer = request("tools/call", params);
    if (!answer.has("result")) {
      throw new AssertionError("tools/call " + tool + " got a protocol error: " + answer);
    }
    return answer.get("result");
  }

  public static JsonNode json(String text) {
    try {
      return MAPPER.readTree(text);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Override
  public void close() throws IOException {
    toServer.close();
  }
}
