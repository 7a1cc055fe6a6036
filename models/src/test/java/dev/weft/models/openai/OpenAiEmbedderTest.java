package dev.weft.models.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.within;

import dev.weft.context.embed.EmbedFailureReason;
import dev.weft.context.embed.EmbeddingException;
import dev.weft.models.embed.VectorMath;
import dev.weft.models.http.Sleeper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

// A guard, not a timing assertion: a regression of the request deadline must fail the test, not hang the build.
@Timeout(60)
class OpenAiEmbedderTest {
  private static final int DIMS = 8;
  private static final String KEY = "sk-test-0123456789-secret";
  private static final Function<String, String> NO_ENV = name -> null;

  private StubEmbeddingsServer server;
  private final List<Duration> waits = Collections.synchronizedList(new ArrayList<>());
  private final Sleeper sleeper = waits::add;

  @BeforeEach
  void start() throws Exception {
    server = new StubEmbeddingsServer(DIMS);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private OpenAiEmbedderSpec spec(int batchSize, Duration timeout, int maxRetries) {
    return new OpenAiEmbedderSpec(server.baseUrl(), "test-embed", DIMS, "WEFT_TEST_KEY", batchSize, timeout,
        maxRetries);
  }

  private OpenAiEmbedder embedder(int maxRetries) {
    return new OpenAiEmbedder(spec(2, Duration.ofSeconds(10), maxRetries), sleeper, NO_ENV);
  }

  @Test
  void batchesInOrderAndPutsEachVectorBackByItsIndex() {
    List<String> texts = List.of("alpha", "beta", "  ", "gamma", "delta", "epsilon");

    List<float[]> vectors = embedder(0).embed(texts);

    assertThat(server.seen()).extracting(StubEmbeddingsServer.Seen::inputs).containsExactly(
        List.of("alpha", "beta"), List.of("gamma", "delta"), List.of("epsilon"));
    assertThat(server.seen()).allSatisfy(seen -> {
      assertThat(seen.method()).isEqualTo("POST");
      assertThat(seen.path()).isEqualTo("/v1/embeddings");
      assertThat(seen.model()).isEqualTo("test-embed");
      assertThat(seen.authorization()).isNull();
    });
    assertThat(vectors).hasSize(texts.size());
    for (int i = 0; i < texts.size(); i++) {
      if (texts.get(i).isBlank()) {
        assertThat(vectors.get(i)).as("blank text %d", i).containsOnly(0f);
      } else {
        assertThat(vectors.get(i)).as("text %d", i).containsExactly(server.vectorOf(texts.get(i)), within(1e-6f));
        assertThat(VectorMath.norm(vectors.get(i))).isCloseTo(1.0, within(1e-5));
      }
    }
    assertThat(waits).isEmpty();
  }

  @Test
  void aBaseUrlEndingInV1IsNotDoubled() {
    OpenAiEmbedderSpec spec = new OpenAiEmbedderSpec(server.baseUrl() + "/v1/", "test-embed", DIMS, null, 4,
        Duration.ofSeconds(10), 0);

    new OpenAiEmbedder(spec, sleeper, NO_ENV).embed(List.of("one"));

    assertThat(server.seen()).extracting(StubEmbeddingsServer.Seen::path).containsExactly("/v1/embeddings");
  }

  @Test
  void a429IsRetriedAfterTheWaitTheServerAskedFor() {
    server.then(seen -> new StubEmbeddingsServer.Reply(429, Map.of("Retry-After", "7"),
        "{\"error\":{\"message\":\"Rate limit reached\"}}", false));

    List<float[]> vectors = embedder(3).embed(List.of("alpha"));

    assertThat(waits).containsExactly(Duration.ofSeconds(7));
    assertThat(server.seen()).hasSize(2);
    assertThat(vectors.get(0)).containsExactly(server.vectorOf("alpha"), within(1e-6f));
  }

  @Test
  void serverErrorsAreRetriedWithBackoffThenFailNamingTheLastError() {
    for (int i = 0; i < 3; i++) {
      server.then(seen -> StubEmbeddingsServer.Reply.json(503, "{\"error\":{\"message\":\"model is loading\"}}"));
    }

    assertThatThrownBy(() -> embedder(2).embed(List.of("alpha")))
        .isInstanceOf(EmbeddingException.class)
        .hasMessageContaining("failed after 3 attempts")
        .hasMessageContaining("HTTP 503")
        .hasMessageContaining("model is loading");
    assertThat(server.seen()).hasSize(3);
    assertThat(waits).containsExactly(Duration.ofMillis(500), Duration.ofSeconds(1));
  }

  @Test
  void aClientErrorIsNotRetriedAndItsMessageIsQuoted() {
    server.then(seen -> StubEmbeddingsServer.Reply.json(400,
        "{\"error\":{\"message\":\"This model's maximum context length is 8192 tokens\",\"type\":\"invalid\"}}"));

    assertThatThrownBy(() -> embedder(3).embed(List.of("alpha")))
        .isInstanceOf(EmbeddingException.class)
        .hasMessageContaining("HTTP 400")
        .hasMessageContaining("maximum context length is 8192 tokens")
        .hasMessageContaining("not retried");
    assertThat(server.seen()).hasSize(1);
    assertThat(waits).isEmpty();
  }

  @Test
  void errorBodiesOfVllmAndTeiAreQuotedToo() {
    server.then(seen -> StubEmbeddingsServer.Reply.json(404,
        "{\"object\":\"error\",\"message\":\"The model `x` does not exist.\",\"code\":404}"));
    server.then(seen -> StubEmbeddingsServer.Reply.json(413, "{\"error\":\"Input validation error\"}"));

    assertThatThrownBy(() -> embedder(3).embed(List.of("a"))).hasMessageContaining("The model `x` does not exist.");
    assertThatThrownBy(() -> embedder(3).embed(List.of("a"))).hasMessageContaining("HTTP 413: 'Input validation");
  }

  @Test
  void aServerThatDoesNotAnswerTimesOutAndIsRetried() {
    server.then(seen -> StubEmbeddingsServer.Reply.hanging());
    server.then(seen -> StubEmbeddingsServer.Reply.hanging());
    OpenAiEmbedder embedder = new OpenAiEmbedder(spec(2, Duration.ofMillis(300), 1), sleeper, NO_ENV);

    assertThat(failure(() -> embedder.embed(List.of("alpha"))))
        .satisfies(e -> assertThat(e.reason()).isEqualTo(EmbedFailureReason.TIMEOUT))
        .hasMessageContaining("failed after 2 attempts")
        .hasMessageContaining("no complete response within the deadline of 300ms");
    assertThat(server.seen()).hasSize(2);
    assertThat(waits).containsExactly(Duration.ofMillis(500));
  }

  /** Issue #7: the request timeout stopped at the headers, so a body that never ends held ingest for ever. */
  @Test
  void aServerThatSendsHeadersThenStallsTheBodyFailsAtTheDeadline() {
    server.then(seen -> StubEmbeddingsServer.Reply.stallingBody(server.embeddings(seen).body()));
    OpenAiEmbedder embedder = new OpenAiEmbedder(spec(2, Duration.ofMillis(200), 0), sleeper, NO_ENV);

    assertThat(failure(() -> embedder.embed(List.of("alpha"))))
        .satisfies(e -> assertThat(e.reason()).isEqualTo(EmbedFailureReason.TIMEOUT))
        .hasMessageContaining("failed after 1 attempts")
        .hasMessageContaining("no complete response within the deadline of 200ms");
    assertThat(server.seen()).hasSize(1);
  }

  @Test
  void aServerThatAcceptsAndNeverReadsFailsAtTheDeadlineOfEachAttempt() throws Exception {
    try (SilentServer silent = new SilentServer()) {
      OpenAiEmbedderSpec spec =
          new OpenAiEmbedderSpec(silent.baseUrl(), "test-embed", DIMS, null, 2, Duration.ofMillis(200), 1);

      assertThat(failure(() -> new OpenAiEmbedder(spec, sleeper, NO_ENV).embed(List.of("alpha"))))
          .satisfies(e -> assertThat(e.reason()).isEqualTo(EmbedFailureReason.TIMEOUT))
          .hasMessageContaining("failed after 2 attempts");
      assertThat(waits).containsExactly(Duration.ofMillis(500));
    }
  }

  @Test
  void eachFailureIsClassifiedByItsReason() {
    server.then(seen -> StubEmbeddingsServer.Reply.json(429, "{\"error\":{\"message\":\"slow down\"}}"));
    assertThat(failure(() -> embedder(0).embed(List.of("a"))).reason()).isEqualTo(EmbedFailureReason.HTTP_429);
    server.then(seen -> StubEmbeddingsServer.Reply.json(500, "<html>oops</html>"));
    assertThat(failure(() -> embedder(0).embed(List.of("a"))).reason()).isEqualTo(EmbedFailureReason.HTTP_5XX);
    server.then(seen -> StubEmbeddingsServer.Reply.json(401, "{\"error\":\"bad key\"}"));
    assertThat(failure(() -> embedder(0).embed(List.of("a"))).reason()).isEqualTo(EmbedFailureReason.HTTP_4XX);
    server.then(seen -> StubEmbeddingsServer.Reply.json(200, "<html><body>Login</body></html>"));
    assertThat(failure(() -> embedder(0).embed(List.of("a"))))
        .satisfies(e -> assertThat(e.reason()).isEqualTo(EmbedFailureReason.BAD_JSON))
        .hasMessageContaining("'<html><body>Login</body></html>'");
    server.then(seen -> StubEmbeddingsServer.Reply.json(200, "{\"data\":[{\"index\":0,\"embedding\":[1,2]}]}"));
    assertThat(failure(() -> embedder(0).embed(List.of("a"))).reason()).isEqualTo(EmbedFailureReason.WRONG_DIMS);
    server.then(seen -> StubEmbeddingsServer.Reply.json(200, "{\"data\":[]}"));
    assertThat(failure(() -> embedder(0).embed(List.of("a"))).reason())
        .isEqualTo(EmbedFailureReason.MISSING_VECTORS);
    server.then(seen -> StubEmbeddingsServer.Reply.json(200, "{\"data\":[{\"index\":0}]}"));
    assertThat(failure(() -> embedder(0).embed(List.of("a"))).reason())
        .isEqualTo(EmbedFailureReason.MISSING_VECTORS);
    server.then(seen -> StubEmbeddingsServer.Reply.json(200, "null"));
    assertThat(failure(() -> embedder(0).embed(List.of("a"))).reason()).isEqualTo(EmbedFailureReason.BAD_JSON);
  }

  private static EmbeddingException failure(Runnable call) {
    Throwable thrown = catchThrowable(call::run);
    assertThat(thrown).isInstanceOf(EmbeddingException.class);
    return (EmbeddingException) thrown;
  }

  @Test
  void aVectorOfOtherDimsIsAnErrorNamingBoth() {
    server.then(seen -> StubEmbeddingsServer.Reply.json(200,
        "{\"data\":[{\"index\":0,\"embedding\":[0.1,0.2,0.3]}]}"));

    assertThatThrownBy(() -> embedder(0).embed(List.of("alpha")))
        .isInstanceOf(EmbeddingException.class)
        .hasMessageContaining("returned vectors of 3 dims, but the spec says 8");
  }

  @Test
  void theKeyGoesInTheAuthorizationHeaderAndNowhereElse() {
    // The server echoes the key back in its error, as a misconfigured proxy might.
    server.then(seen -> StubEmbeddingsServer.Reply.json(401,
        "{\"error\":{\"message\":\"Incorrect API key provided: " + KEY + "\"}}"));
    Function<String, String> env = name -> name.equals("WEFT_TEST_KEY") ? KEY : null;
    OpenAiEmbedderSpec spec = spec(2, Duration.ofSeconds(10), 2);
    OpenAiEmbedder embedder = new OpenAiEmbedder(spec, sleeper, env);

    Throwable thrown = catchThrowable(() -> embedder.embed(List.of("alpha")));
    List<float[]> vectors = embedder.embed(List.of("beta"));

    assertThat(server.seen()).extracting(StubEmbeddingsServer.Seen::authorization)
        .containsExactly("Bearer " + KEY, "Bearer " + KEY);
    assertThat(thrown).isInstanceOf(EmbeddingException.class).hasMessageContaining("HTTP 401")
        .hasMessageContaining("[redacted]");
    for (Throwable t = thrown; t != null; t = t.getCause()) {
      assertThat(String.valueOf(t.getMessage())).doesNotContain(KEY);
    }
    assertThat(embedder.toString()).doesNotContain(KEY).contains("WEFT_TEST_KEY");
    assertThat(spec.toString()).doesNotContain(KEY);
    assertThat(vectors).hasSize(1);
  }

  @Test
  void aConnectionRefusedIsRetriedThenNamed() {
    String deadUrl = server.baseUrl();
    server.close();
    OpenAiEmbedderSpec spec =
        new OpenAiEmbedderSpec(deadUrl, "test-embed", DIMS, null, 2, Duration.ofSeconds(5), 1);

    assertThat(failure(() -> new OpenAiEmbedder(spec, sleeper, NO_ENV).embed(List.of("alpha"))))
        .satisfies(e -> assertThat(e.reason()).isEqualTo(EmbedFailureReason.CONNECT_REFUSED))
        .hasMessageContaining("failed after 2 attempts")
        .hasMessageContaining("cannot connect");
  }
}
