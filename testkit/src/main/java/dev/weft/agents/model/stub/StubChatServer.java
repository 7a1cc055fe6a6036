package dev.weft.agents.model.stub;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * A real OpenAI-compatible {@code POST /v1/chat/completions} server on loopback (JDK HttpServer, an ephemeral
 * port), for the tests and benchmarks of everything that asks a model: scripted replies ({@link #replies}, by
 * default {@link StubEcho}), a latency per call, faults per call ({@link #failNext}, {@link #failCall},
 * {@link #failEvery}), streaming when the request asks for it, and counters — calls, calls in flight now, the
 * most calls it ever had in flight, and the recorded requests.
 *
 * <p>Its pool has {@value #DEFAULT_THREADS} threads by default, so the in-flight counters measure the client's
 * concurrency, not the server's. Main code of the testkit module ({@code weft-testkit}, test scope everywhere but bench).
 */
public final class StubChatServer implements AutoCloseable {
  public static final int DEFAULT_THREADS = 64;
  /** The guard of the {@code await} methods: a test that waits longer has a bug, and must fail, not hang. */
  private static final Duration AWAIT_GUARD = Duration.ofSeconds(60);
  private static final Duration PADDING_INTERVAL = Duration.ofMillis(10);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpServer server;
  private final ExecutorService executor;
  private final CountDownLatch closing = new CountDownLatch(1);
  private final AtomicBoolean closed = new AtomicBoolean();
  private final ConcurrentLinkedQueue<StubFault> nextFaults = new ConcurrentLinkedQueue<>();
  private final Map<Integer, StubFault> callFaults = new ConcurrentHashMap<>();
  private final List<StubRequest> requests = new ArrayList<>();
  private final Object counts = new Object();
  private volatile Function<StubRequest, StubReply> replies = StubEcho::reply;
  private volatile Duration latency = Duration.ZERO;
  private volatile int everyNth;
  private volatile StubFault everyNthFault;
  private volatile boolean recording = true;
  private int calls;
  private int inFlight;
  private int maxInFlight;

  public StubChatServer() throws IOException {
    this(DEFAULT_THREADS);
  }

  /** A stub answering at most {@code threads} calls at once (further calls queue in the server). */
  public StubChatServer(int threads) throws IOException {
    this.executor = Executors.newFixedThreadPool(threads, runnable -> {
      Thread thread = new Thread(runnable, "stub-chat-server");
      thread.setDaemon(true);
      return thread;
    });
    this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4 * threads);
    server.createContext("/", this::handle);
    server.setExecutor(executor);
    server.start();
  }

  /** {@code http://127.0.0.1:<port>}: what a client takes as its base URL. */
  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Answers with {@code replies} from now on (faults still apply first). */
  public StubChatServer replies(Function<StubRequest, StubReply> replies) {
    this.replies = Objects.requireNonNull(replies, "replies");
    return this;
  }

  /** Holds every reply this long before answering (a model's think time); interrupted by {@link #close}. */
  public StubChatServer latency(Duration latency) {
    this.latency = Objects.requireNonNull(latency, "latency");
    return this;
  }

  /** The next calls, in order of arrival, get these faults (then replies again). */
  public StubChatServer failNext(StubFault... faults) {
    nextFaults.addAll(List.of(faults));
    return this;
  }

  /** Call number {@code n} (from 1, in order of arrival) gets {@code fault}. */
  public StubChatServer failCall(int n, StubFault fault) {
    callFaults.put(n, Objects.requireNonNull(fault, "fault"));
    return this;
  }

  /** Every call whose number is a multiple of {@code n} gets {@code fault} ({@code n} = 0: none). */
  public StubChatServer failEvery(int n, StubFault fault) {
    this.everyNthFault = fault;
    this.everyNth = n;
    return this;
  }

  /** Whether to keep every request (on by default; a benchmark of many calls turns it off). */
  public StubChatServer recording(boolean on) {
    this.recording = on;
    return this;
  }

  /** Calls received so far. */
  public int calls() {
    synchronized (counts) {
      return calls;
    }
  }

  /** Calls being answered now. */
  public int inFlight() {
    synchronized (counts) {
      return inFlight;
    }
  }

  /** The most calls it ever had in flight at once. */
  public int maxInFlight() {
    synchronized (counts) {
      return maxInFlight;
    }
  }

  /** The requests received, in order of arrival. */
  public List<StubRequest> requests() {
    synchronized (counts) {
      return List.copyOf(requests);
    }
  }

  /** Waits until at least {@code n} calls are in flight (e.g. a stalled call arrived). */
  public void awaitInFlightAtLeast(int n) throws InterruptedException {
    await(() -> inFlight >= n, "at least " + n + " calls in flight");
  }

  /** Waits until at least {@code n} calls have arrived (answered or not). */
  public void awaitCallsAtLeast(int n) throws InterruptedException {
    await(() -> calls >= n, "at least " + n + " calls received");
  }

  /** Waits until at most {@code n} calls are in flight (e.g. the client aborted a stalled call). */
  public void awaitInFlightAtMost(int n) throws InterruptedException {
    await(() -> inFlight <= n, "at most " + n + " calls in flight");
  }

  private void await(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + AWAIT_GUARD.toNanos();
    synchronized (counts) {
      while (!condition.getAsBoolean()) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new IllegalStateException("stub server: waited " + AWAIT_GUARD.toSeconds() + " s for " + what
              + ", have " + inFlight + " in flight after " + calls + " calls");
        }
        TimeUnit.NANOSECONDS.timedWait(counts, left);
      }
    }
  }

  private void handle(HttpExchange exchange) throws IOException {
    int call;
    synchronized (counts) {
      call = ++calls;
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      counts.notifyAll();
    }
    try (exchange) {
      StubRequest request = new StubRequest(call, exchange.getRequestURI().getPath(),
          exchange.getRequestHeaders().getFirst("Authorization"), parse(exchange.getRequestBody().readAllBytes()));
      if (recording) {
        synchronized (counts) {
          requests.add(request);
        }
      }
      if (!request.path().endsWith("/chat/completions")) {
        send(exchange, 404, Map.of(), error("stub: no such path " + request.path()));
        return;
      }
      if (!latency.isZero() && closing.await(latency.toNanos(), TimeUnit.NANOSECONDS)) {
        return;
      }
      Optional<StubFault> fault = faultFor(request.call());
      StubWriter writer = new StubWriter(exchange, request, closing, PADDING_INTERVAL);
      if (fault.isPresent()) {
        writer.fault(fault.get(), () -> replies.apply(request));
      } else {
        writer.reply(replies.apply(request));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      // The client went away (it timed out or was cancelled): nothing to answer.
    } finally {
      synchronized (counts) {
        inFlight--;
        counts.notifyAll();
      }
    }
  }

  private Optional<StubFault> faultFor(int call) {
    StubFault fault = callFaults.remove(call);
    if (fault == null) {
      fault = nextFaults.poll();
    }
    int n = everyNth;
    if (fault == null && n > 0 && call % n == 0) {
      fault = everyNthFault;
    }
    return Optional.ofNullable(fault);
  }

  private static JsonNode parse(byte[] body) {
    try {
      JsonNode node = JSON.readTree(body);
      return node == null ? NullNode.getInstance() : node;
    } catch (IOException e) {
      return NullNode.getInstance();
    }
  }

  static String error(String message) {
    return JSON.createObjectNode().set("error", JSON.createObjectNode().put("message", message)).toString();
  }

  static void send(HttpExchange exchange, int status, Map<String, String> headers, String body) throws IOException {
    headers.forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
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
