package dev.weft.models.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.weft.context.program.CancelSignal;
import dev.weft.models.http.HttpCallException.Kind;
import dev.weft.models.openai.SilentServer;
import dev.weft.models.openai.StubEmbeddingsServer;
import dev.weft.models.openai.StubEmbeddingsServer.Reply;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The HTTP behaviour every model client shares, against a real loopback server. */
// A guard, not a timing assertion: a regression of the deadline must fail the test, not hang the build.
@Timeout(60)
class JsonHttpTest {
  private static final String KEY = "sk-test-0123456789-secret";
  private static final byte[] BODY = "{\"model\":\"m\",\"input\":[\"a\"]}".getBytes(StandardCharsets.UTF_8);

  private StubEmbeddingsServer server;
  private final List<Duration> waits = Collections.synchronizedList(new ArrayList<>());

  @BeforeEach
  void start() throws IOException {
    server = new StubEmbeddingsServer(4);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private JsonHttp http(Duration timeout, int retries, ApiKey key) {
    return new JsonHttp(timeout, retries, key, waits::add, Backoff.DEFAULT);
  }

  private JsonHttp http(int retries) {
    return http(Duration.ofSeconds(10), retries, ApiKey.fromEnv("K", name -> null));
  }

  private URI uri() {
    return URI.create(server.baseUrl() + "/v1/embeddings");
  }

  @Test
  void returnsTheBodyOfA2xxAndSendsTheKeyOnlyAsABearerHeader() throws Exception {
    String body = http(Duration.ofSeconds(10), 0, ApiKey.fromEnv("K", Map.of("K", " " + KEY + " ")::get))
        .post(uri(), BODY);

    assertThat(body).contains("\"data\"");
    assertThat(server.seen()).singleElement().satisfies(seen -> {
      assertThat(seen.method()).isEqualTo("POST");
      assertThat(seen.authorization()).isEqualTo("Bearer " + KEY);
      assertThat(seen.inputs()).containsExactly("a");
    });
  }

  @Test
  void anUnsetOrBlankKeySendsNoAuthorization() throws Exception {
    http(Duration.ofSeconds(10), 0, ApiKey.fromEnv("K", Map.of("K", "  ")::get)).post(uri(), BODY);

    assertThat(server.seen()).singleElement().satisfies(seen -> assertThat(seen.authorization()).isNull());
  }

  @Test
  void a5xxIsRetriedWithExponentialBackoffThenTheBodyReturns() throws Exception {
    server.then(seen -> Reply.json(503, "{\"error\":\"loading\"}"))
        .then(seen -> Reply.json(502, "bad gateway"));

    String body = http(2).post(uri(), BODY);

    assertThat(body).contains("\"data\"");
    assertThat(waits).containsExactly(Duration.ofMillis(500), Duration.ofSeconds(1));
  }

  @Test
  void a429WaitsWhatTheServerAsksAndRunningOutNamesTheAttemptsAndTheLastFailure() {
    server.then(seen -> new Reply(429, Map.of("Retry-After", "7"), "{\"error\":{\"message\":\"slow down\"}}", false))
        .then(seen -> new Reply(429, Map.of("retry-after-ms", "250"), "{\"message\":\"still slow\"}", false));

    HttpCallException e = catchThrowableOfType(HttpCallException.class, () -> http(1).post(uri(), BODY));

    assertThat(e.kind()).isEqualTo(Kind.STATUS_429);
    assertThat(e.attempts()).isEqualTo(2);
    assertThat(e.lastFailure()).isEqualTo("HTTP 429: 'still slow'");
    assertThat(e.describe("the call")).isEqualTo("the call failed after 2 attempts, last: HTTP 429: 'still slow'");
    assertThat(waits).containsExactly(Duration.ofSeconds(7));
  }

  @Test
  void anotherStatusFailsAtOnceQuotingTheServer() {
    server.then(seen -> Reply.json(400, "{\"error\":{\"message\":\"input too long\"}}"));

    HttpCallException e = catchThrowableOfType(HttpCallException.class, () -> http(3).post(uri(), BODY));

    assertThat(e.kind()).isEqualTo(Kind.STATUS_NOT_RETRIED);
    assertThat(e.attempts()).isEqualTo(1);
    assertThat(e.describe("the call"))
        .isEqualTo("the call failed, not retried (only 429 and 5xx are): HTTP 400: 'input too long'");
    assertThat(server.seen()).hasSize(1);
    assertThat(waits).isEmpty();
  }

  @Test
  void aServerThatStallsTheBodyTimesOutAtTheDeadlineOnEveryAttempt() {
    server.then(seen -> Reply.stallingBody("{\"data\":[]}")).then(seen -> Reply.hanging());

    HttpCallException e = catchThrowableOfType(HttpCallException.class,
        () -> http(Duration.ofMillis(200), 1, ApiKey.fromEnv("K", name -> null)).post(uri(), BODY));

    assertThat(e.kind()).isEqualTo(Kind.TIMEOUT);
    assertThat(e.lastFailure()).isEqualTo("no complete response within the deadline of 200ms");
    assertThat(e.attempts()).isEqualTo(2);
  }

  @Test
  void aPortThatAcceptsAndNeverAnswersTimesOut() throws Exception {
    try (SilentServer silent = new SilentServer()) {
      HttpCallException e = catchThrowableOfType(HttpCallException.class,
          () -> http(Duration.ofMillis(200), 0, ApiKey.fromEnv("K", name -> null))
              .post(URI.create(silent.baseUrl() + "/v1/embeddings"), BODY));

      assertThat(e.kind()).isEqualTo(Kind.TIMEOUT);
    }
  }

  @Test
  void nothingListeningIsConnectRefused() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    URI dead = URI.create("http://127.0.0.1:" + port + "/v1/embeddings");

    HttpCallException e = catchThrowableOfType(HttpCallException.class, () -> http(1).post(dead, BODY));

    assertThat(e.kind()).isEqualTo(Kind.CONNECT_REFUSED);
    assertThat(e.lastFailure()).startsWith("cannot connect: ");
    assertThat(waits).containsExactly(Duration.ofMillis(500));
  }

  @Test
  void aServerEchoingTheKeyIsQuotedScrubbedOnOneLineAndCapped() {
    server.then(seen -> Reply.json(401, "{\"error\":{\"message\":\"bad key\\n " + KEY + "\"}}"));
    JsonHttp http = http(Duration.ofSeconds(10), 0, ApiKey.fromEnv("K", Map.of("K", KEY)::get));

    HttpCallException e = catchThrowableOfType(HttpCallException.class, () -> http.post(uri(), BODY));

    assertThat(e.lastFailure()).isEqualTo("HTTP 401: 'bad key [redacted]'");
    assertThat(e.getMessage()).doesNotContain(KEY);
    assertThat(http.quote("x".repeat(400))).isEqualTo("'" + "x".repeat(300) + "...'");
    assertThat(http.errorMessage("<html>\n<body>Bad Gateway</body></html>"))
        .isEqualTo("'<html> <body>Bad Gateway</body></html>'");
  }

  @Test
  void anInterruptedWaitStopsAndKeepsTheInterrupt() {
    server.then(seen -> Reply.json(503, "down"));
    JsonHttp http = new JsonHttp(Duration.ofSeconds(10), 2, ApiKey.fromEnv("K", name -> null),
        wait -> {
          throw new InterruptedException();
        }, Backoff.DEFAULT);

    try {
      HttpCallException e = catchThrowableOfType(HttpCallException.class, () -> http.post(uri(), BODY));

      assertThat(e.kind()).isEqualTo(Kind.INTERRUPTED_WAITING);
      assertThat(e.describe("the call")).isEqualTo("the call was interrupted while waiting to retry");
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
    assertThat(server.seen()).hasSize(1);
  }

  @Test
  void aCancelAbortsTheExchangeInFlightAndNothingMoreIsTried() {
    CancelSignal cancel = new CancelSignal();
    server.then(seen -> {
      cancel.cancel(); // the request is in flight now: the server holds it
      return Reply.hanging();
    });

    HttpCallException e = catchThrowableOfType(HttpCallException.class,
        () -> http(Duration.ofSeconds(50), 3, ApiKey.fromEnv("K", name -> null)).post(uri(), BODY, cancel));

    assertThat(e.kind()).isEqualTo(Kind.CANCELLED);
    assertThat(e.describe("the call")).isEqualTo("the call was cancelled");
    assertThat(server.seen()).hasSize(1);
    assertThat(waits).isEmpty();
  }

  @Test
  void aCancelledSignalSendsNothing() {
    CancelSignal cancel = new CancelSignal();
    cancel.cancel();

    HttpCallException e = catchThrowableOfType(HttpCallException.class, () -> http(2).post(uri(), BODY, cancel));

    assertThat(e.kind()).isEqualTo(Kind.CANCELLED);
    assertThat(e.attempts()).isZero();
    assertThat(server.seen()).isEmpty();
  }

  @Test
  void a2xxBodyThatIsNotJsonIsMalformedAndNotRetried() {
    server.then(seen -> Reply.json(200, "<html>oops " + KEY));
    JsonHttp http = http(Duration.ofSeconds(10), 2, ApiKey.fromEnv("K", Map.of("K", KEY)::get));

    HttpCallException e = catchThrowableOfType(HttpCallException.class,
        () -> http.postJson(uri(), BODY, CancelSignal.none()));

    assertThat(e.kind()).isEqualTo(Kind.MALFORMED_JSON);
    assertThat(e.attempts()).isEqualTo(1);
    assertThat(e.lastFailure()).isEqualTo("the reply is not JSON: '<html>oops [redacted]'");
    assertThat(server.seen()).hasSize(1);
  }

  @Test
  void aValidReplyPastTheBoundIsTooLargeNamingTheBoundNotNotJson() {
    String big = "{\"data\": \"" + "x".repeat(2_000) + "\"}";
    server.then(seen -> Reply.json(200, big));
    JsonHttp http = new JsonHttp(Duration.ofSeconds(10), 2, ApiKey.fromEnv("K", name -> null), waits::add,
        Backoff.DEFAULT, 1_000);

    HttpCallException e = catchThrowableOfType(HttpCallException.class,
        () -> http.postJson(uri(), BODY, CancelSignal.none()));

    assertThat(e.kind()).isEqualTo(Kind.MALFORMED_JSON);
    assertThat(e.attempts()).isEqualTo(1);
    assertThat(e.lastFailure()).isEqualTo(TOO_LARGE);
  }

  private static final String TOO_LARGE = "the reply is too large: it passed the bound of 1,000 bytes a reply may"
      + " have; the rest was not read";
  /** Far more than the bound and than every socket buffer between the two ends together. */
  private static final long FLOOD = 64L * 1024 * 1024;

  @Test
  void aHugeReplyIsReadOnlyToTheBoundThenTheConnectionIsClosed() throws Exception {
    // a 5 GB reply once went whole into memory before the size was checked
    try (FloodServer flood = new FloodServer("application/json", "{\"data\": \"", FLOOD)) {
      JsonHttp http = new JsonHttp(Duration.ofSeconds(30), 2, ApiKey.fromEnv("K", name -> null), waits::add,
          Backoff.DEFAULT, 1_000);

      HttpCallException e = catchThrowableOfType(HttpCallException.class,
          () -> http.postJson(URI.create(flood.baseUrl() + "/v1/x"), BODY, CancelSignal.none()));

      assertThat(e.kind()).isEqualTo(Kind.MALFORMED_JSON);
      assertThat(e.attempts()).isEqualTo(1);
      assertThat(e.lastFailure()).isEqualTo(TOO_LARGE);
      assertThat(flood.written().get(30, TimeUnit.SECONDS)).as("bytes the server got out before the client"
          + " closed").isLessThan(FLOOD / 2);
    }
  }

  @Test
  void aStreamPastTheBoundStopsThereEvenWithinOneEndlessLine() throws Exception {
    try (FloodServer flood = new FloodServer("text/event-stream", "data: ", FLOOD)) {
      JsonHttp http = new JsonHttp(Duration.ofSeconds(30), 2, ApiKey.fromEnv("K", name -> null), waits::add,
          Backoff.DEFAULT, 1_000);
      List<String> events = Collections.synchronizedList(new ArrayList<>());
      StreamSink sink = events::add;

      HttpCallException e = catchThrowableOfType(HttpCallException.class,
          () -> http.stream(URI.create(flood.baseUrl() + "/v1/x"), BODY, CancelSignal.none(), () -> sink));

      assertThat(e.kind()).isEqualTo(Kind.MALFORMED_JSON);
      assertThat(e.attempts()).isEqualTo(1);
      assertThat(e.lastFailure()).isEqualTo(TOO_LARGE);
      assertThat(events).isEmpty();
      assertThat(flood.written().get(30, TimeUnit.SECONDS)).isLessThan(FLOOD / 2);
    }
  }

  @Test
  void aRetryAfterPastTheCallsDeadlineFailsTheCallAtOnceWithTheNumbers() {
    // Retry-After: 3600 once held a call 2 x 60 s whatever its timeout
    server.then(seen -> new Reply(429, Map.of("Retry-After", "3600"), "{\"error\":{\"message\":\"slow\"}}",
        false));

    HttpCallException e = catchThrowableOfType(HttpCallException.class,
        () -> http(Duration.ofSeconds(5), 2, ApiKey.fromEnv("K", name -> null)).post(uri(), BODY));

    assertThat(e.kind()).isEqualTo(Kind.STATUS_429);
    assertThat(e.attempts()).isEqualTo(1);
    assertThat(e.lastFailure()).isEqualTo("HTTP 429: 'slow'; not retried: the wait before the next attempt, 1m"
        + " (Retry-After: '3600'), would pass the call's deadline of 16500ms (3 attempts of 5s and 1500ms of backoff)");
    assertThat(waits).isEmpty();
    assertThat(server.seen()).hasSize(1);
  }
}
