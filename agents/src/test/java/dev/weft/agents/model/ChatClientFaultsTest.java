package dev.weft.agents.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubFault;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.SubcallException.Reason;
import dev.weft.models.http.Backoff;
import dev.weft.models.http.EndpointConfig;
import dev.weft.models.http.JsonHttp;
import dev.weft.models.http.Sleeper;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Deadlines, retries, malformed and cut replies, cancellation in flight, and the key kept out of messages. */
// A guard, not a timing assertion: a regression of a deadline must fail the test, not hang the build.
@Timeout(60)
class ChatClientFaultsTest {
  private static final String KEY = ChatClientTest.KEY;

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

  private ChatClient client(Duration timeout, int retries, Sleeper sleeper) {
    EndpointConfig config = EndpointConfig.of(stub.baseUrl(), "stub-model").withApiKeyEnv("CHAT_KEY")
        .withTimeout(timeout).withMaxRetries(retries);
    return new ChatClient(config, Map.of("CHAT_KEY", KEY)::get, sleeper, Backoff.DEFAULT);
  }

  private ChatClient client(int retries) {
    return client(Duration.ofSeconds(20), retries, waits::add);
  }

  private static ChatRequest ask(boolean stream) {
    return ChatRequest.of(ChatMessage.system("s"), ChatMessage.user("piece")).streaming(stream);
  }

  private ChatException failure(ChatClient client, boolean stream) {
    return catchThrowableOfType(ChatException.class, () -> client.chat(ask(stream), CancelSignal.none()));
  }

  @ParameterizedTest(name = "streamed: {0}")
  @ValueSource(booleans = {false, true})
  void aReplyStalledPastTheDeadlineTimesOutOnEveryAttempt(boolean stream) {
    stub.failEvery(1, StubFault.stall());

    ChatException e = failure(client(Duration.ofMillis(300), 1, waits::add), stream);

    assertThat(e.reason()).isEqualTo(Reason.TIMEOUT);
    assertThat(e.attempts()).isEqualTo(2);
    assertThat(e.getMessage()).contains("failed after 2 attempts, last: no complete response within the deadline "
        + "of 300ms; raise the timeout");
    assertThat(stub.calls()).isEqualTo(2);
  }

  @Test
  void aServerThatNeverSendsHeadersTimesOutToo() {
    stub.failNext(StubFault.hang());

    ChatException e = failure(client(Duration.ofMillis(300), 0, waits::add), false);

    assertThat(e.reason()).isEqualTo(Reason.TIMEOUT);
    assertThat(e.attempts()).isEqualTo(1);
  }

  @Test
  void a429WaitsWhatRetryAfterAsksThenTheReplyComes() {
    stub.failNext(StubFault.rateLimited(7), StubFault.rateLimited(2));

    ChatReply reply = client(2).chat(ask(false), CancelSignal.none());

    assertThat(reply.content()).isEqualTo("echo: piece");
    assertThat(waits).containsExactly(Duration.ofSeconds(7), Duration.ofSeconds(2));
  }

  @ParameterizedTest(name = "streamed: {0}")
  @ValueSource(booleans = {false, true})
  void a500IsRetriedThenFailsNamingTheAttempts(boolean stream) {
    stub.failEvery(1, StubFault.serverError());

    ChatException e = failure(client(2), stream);

    assertThat(e.reason()).isEqualTo(Reason.SERVER_ERROR);
    assertThat(e.attempts()).isEqualTo(3);
    assertThat(e.getMessage()).contains("failed after 3 attempts, last: HTTP 500: 'stub: internal error'; check");
    assertThat(waits).containsExactly(Duration.ofMillis(500), Duration.ofSeconds(1));
    assertThat(stub.calls()).isEqualTo(3);
  }

  @ParameterizedTest(name = "streamed: {0}")
  @ValueSource(booleans = {false, true})
  void malformedJsonIsItsOwnFailureAndNotRetried(boolean stream) {
    stub.failNext(StubFault.malformed());

    ChatException e = failure(client(2), stream);

    assertThat(e.reason()).isEqualTo(Reason.MALFORMED_REPLY);
    assertThat(e.attempts()).isEqualTo(1);
    assertThat(e.getMessage()).contains("not the expected JSON, not retried").contains("is not JSON");
    assertThat(stub.calls()).isEqualTo(1);
  }

  @ParameterizedTest(name = "streamed: {0}")
  @ValueSource(booleans = {false, true})
  void aCutReplyIsRetriedAndTheNextAttemptStartsOver(boolean stream) {
    stub.failNext(StubFault.cut());

    ChatReply reply = client(1).chat(ask(stream), CancelSignal.none());

    assertThat(reply.content()).isEqualTo("echo: piece");
    assertThat(stub.calls()).isEqualTo(2);
  }

  @Test
  void aStreamCutOnEveryAttemptSaysSo() {
    stub.failEvery(1, StubFault.cut());

    ChatException e = failure(client(1), true);

    assertThat(e.reason()).isEqualTo(Reason.IO_ERROR);
    assertThat(e.attempts()).isEqualTo(2);
    assertThat(e.getMessage()).contains("failed after 2 attempts, last: the stream ended before its [DONE]");
  }

  @ParameterizedTest(name = "streamed: {0}")
  @ValueSource(booleans = {false, true})
  void aCancelAbortsTheExchangeInFlight(boolean stream) throws Exception {
    stub.failEvery(1, StubFault.stall());
    CancelSignal cancel = new CancelSignal();
    ChatClient client = client(Duration.ofSeconds(50), 3, waits::add);
    CompletableFuture<ChatException> call = CompletableFuture.supplyAsync(
        () -> catchThrowableOfType(ChatException.class, () -> client.chat(ask(stream), cancel)));
    stub.awaitInFlightAtLeast(1);

    cancel.cancel();

    ChatException e = call.get();
    assertThat(e.reason()).isEqualTo(Reason.CANCELLED);
    assertThat(e.getMessage()).contains("was cancelled");
    stub.awaitInFlightAtMost(0); // the stub saw the connection go: the exchange was aborted, not abandoned
    assertThat(stub.calls()).isEqualTo(1);
    assertThat(waits).isEmpty();
  }

  @Test
  void aCancelEndsTheWaitBeforeARetry() throws Exception {
    stub.failEvery(1, StubFault.rateLimited(50));
    CancelSignal cancel = new CancelSignal();
    CountDownLatch waiting = new CountDownLatch(1);
    Sleeper sleeper = new Sleeper() {
      @Override
      public void sleep(Duration duration) {
        throw new AssertionError("the client must wait through the cancel-aware sleep");
      }

      @Override
      public void sleep(Duration duration, CancelSignal signal) throws InterruptedException {
        waiting.countDown();
        Sleeper.SYSTEM.sleep(duration, signal);
      }
    };
    ChatClient client = client(Duration.ofSeconds(20), 3, sleeper);
    CompletableFuture<ChatException> call = CompletableFuture.supplyAsync(
        () -> catchThrowableOfType(ChatException.class, () -> client.chat(ask(false), cancel)));
    waiting.await();

    cancel.cancel();

    assertThat(call.get().reason()).isEqualTo(Reason.CANCELLED);
    assertThat(stub.calls()).isEqualTo(1);
  }

  @Test
  void theKeyIsNeverInAMessageEvenWhenTheServerEchoesIt() {
    stub.failNext(StubFault.status(401, "invalid key " + KEY));
    ChatClient client = client(2);

    ChatException refused = failure(client, false);
    stub.replies(seen -> StubReply.text("nope " + KEY));
    ChatException malformed = catchThrowableOfType(ChatException.class, () -> client.chat(
        ask(false).withOutputSchema(new OutputSchema("s", JsonHttp.JSON.createObjectNode())),
        CancelSignal.none()));

    assertThat(refused.reason()).isEqualTo(Reason.REFUSED);
    assertThat(refused.status()).isEqualTo(ExitStatus.BAD_INPUT);
    assertThat(refused.getMessage()).contains("HTTP 401: 'invalid key [redacted]'; check the model name, the key "
        + "in $CHAT_KEY").doesNotContain(KEY);
    assertThat(malformed.getMessage()).contains("[redacted]").doesNotContain(KEY);
    assertThat(client.toString()).doesNotContain(KEY).contains("$CHAT_KEY");
  }
}
