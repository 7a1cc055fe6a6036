package dev.weft.agents.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubFault;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.MapCall;
import dev.weft.context.program.Subcall;
import dev.weft.context.program.SubcallException;
import dev.weft.context.program.SubcallException.Reason;
import dev.weft.models.http.EndpointConfig;
import dev.weft.models.http.JsonHttp;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The map step's sub-call over the chat client: prompt framing, answers, failures, serialization, cancel. */
@Timeout(60)
class ChatSubcallTest {
  private StubChatServer stub;

  @BeforeEach
  void start() throws IOException {
    stub = new StubChatServer();
  }

  @AfterEach
  void stop() {
    stub.close();
  }

  private ChatSubcall subcall(int retries, boolean stream) {
    return new ChatSubcall(EndpointConfig.of(stub.baseUrl(), "stub-model").withMaxRetries(retries)
        .withTimeout(Duration.ofSeconds(30)), stream, ChatSubcall.noWait());
  }

  private static MapCall piece(String text, Optional<JsonNode> schema) {
    return new MapCall("doc#line:40/" + text.length(), "Say what this is about.", text, schema);
  }

  private static JsonNode json(String text) throws IOException {
    return JsonHttp.JSON.readTree(text);
  }

  @Test
  void theInstructionIsTheSystemMessageThePieceTheUserMessageAndTextComesBackAsAJsonString() throws Exception {
    JsonNode answer = subcall(0, false).call(piece("the lock file", Optional.empty()), CancelSignal.none());

    assertThat(answer).isEqualTo(TextNode.valueOf("echo: the lock file"));
    assertThat(stub.requests()).singleElement().satisfies(seen -> {
      assertThat(seen.systemMessage()).isEqualTo("Say what this is about.");
      assertThat(seen.userMessage()).isEqualTo("the lock file");
      assertThat(seen.body().path("messages")).hasSize(2);
      assertThat(seen.outputSchema()).isEmpty();
    });
  }

  @Test
  void anOutputSchemaAsksForStructuredOutputAndTheValidatedJsonIsTheAnswer() throws Exception {
    JsonNode schema = json("{\"type\":\"object\",\"required\":[\"topic\"],\"properties\":{\"topic\":"
        + "{\"type\":\"string\"},\"chars\":{\"type\":\"integer\"}}}");

    JsonNode plain = subcall(0, false).call(piece("locks", Optional.of(schema)), CancelSignal.none());
    JsonNode streamed = subcall(0, true).call(piece("locks", Optional.of(schema)), CancelSignal.none());

    assertThat(plain).isEqualTo(json("{\"topic\":\"locks\",\"chars\":5}"));
    assertThat(streamed).isEqualTo(plain);
    assertThat(stub.requests().get(0).outputSchema()).contains(schema);
  }

  @Test
  void failuresAreSubcallExceptionsWithTheirReasonNamingThePiece() throws Exception {
    JsonNode schema = json("{\"type\":\"object\",\"required\":[\"n\"]}");
    stub.failNext(StubFault.rateLimited(1), StubFault.rateLimited(1), StubFault.serverError(),
        StubFault.malformed());

    SubcallException limited = failure(subcall(1, false), piece("a", Optional.empty()));
    SubcallException server = failure(subcall(0, false), piece("b", Optional.empty()));
    SubcallException malformed = failure(subcall(0, false), piece("c", Optional.empty()));
    stub.replies(seen -> StubReply.text("{}"));
    SubcallException mismatch = failure(subcall(0, false), piece("d", Optional.of(schema)));

    assertThat(limited.reason()).isEqualTo(Reason.RATE_LIMITED);
    assertThat(limited.getMessage()).startsWith("doc#line:40/1: chat request to ").contains("after 2 attempts");
    assertThat(server.reason()).isEqualTo(Reason.SERVER_ERROR);
    assertThat(malformed.reason()).isEqualTo(Reason.MALFORMED_REPLY);
    assertThat(mismatch.reason()).isEqualTo(Reason.SCHEMA_MISMATCH);
    assertThat(mismatch.getMessage()).contains("at / (rule 'required')");
  }

  @Test
  void anInvalidOutputSchemaIsASchemaFailureWithoutAModelCall() throws Exception {
    SubcallException e = failure(subcall(0, false), piece("a", Optional.of(json("{\"minLength\":-1}"))));

    assertThat(e.reason()).isEqualTo(Reason.SCHEMA_MISMATCH);
    assertThat(e.getMessage()).contains("output schema is not a valid JSON Schema");
    assertThat(stub.calls()).isZero();
  }

  @Test
  void anEndlessRefIsASchemaFailureWithoutAModelCallNotAStackOverflow() throws Exception {
    SubcallException e = failure(subcall(0, false),
        piece("a", Optional.of(json("{\"$defs\": {\"a\": {\"$ref\": \"#/$defs/a\"}}, \"$ref\": \"#/$defs/a\"}"))));

    assertThat(e.reason()).isEqualTo(Reason.SCHEMA_MISMATCH);
    assertThat(e.getMessage()).contains("at /$defs/a/$ref", "leads back to itself");
    assertThat(stub.calls()).isZero();
  }

  @Test
  void itTravelsSerializedAndOpensItsClientOnArrival() throws Exception {
    ChatSubcall original = subcall(0, false);
    original.call(piece("before", Optional.empty()), CancelSignal.none()); // the sender's client is not shipped

    Subcall copy = roundTrip(original);

    assertThat(copy.call(piece("after", Optional.empty()), CancelSignal.none()))
        .isEqualTo(TextNode.valueOf("echo: after"));
  }

  @Test
  void oneInstanceServesConcurrentCalls() throws Exception {
    ChatSubcall subcall = subcall(0, false);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<JsonNode>> answers = new ArrayList<>();
      for (int i = 0; i < 32; i++) {
        String text = "piece " + i;
        answers.add(pool.submit(() -> subcall.call(piece(text, Optional.empty()), CancelSignal.none())));
      }
      for (int i = 0; i < 32; i++) {
        assertThat(answers.get(i).get()).isEqualTo(TextNode.valueOf("echo: piece " + i));
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(stub.calls()).isEqualTo(32);
  }

  @Test
  void aCancelReachesTheCallInFlightAndTheServerSeesItGo() throws Exception {
    stub.failEvery(1, StubFault.stall());
    ChatSubcall subcall = subcall(3, true);
    CancelSignal cancel = new CancelSignal();
    CompletableFuture<SubcallException> call = CompletableFuture.supplyAsync(
        () -> catchThrowableOfType(SubcallException.class,
            () -> subcall.call(piece("slow", Optional.empty()), cancel)));
    stub.awaitInFlightAtLeast(1);

    cancel.cancel();

    assertThat(call.get().reason()).isEqualTo(Reason.CANCELLED);
    stub.awaitInFlightAtMost(0);
    assertThat(stub.calls()).isEqualTo(1);
  }

  private static SubcallException failure(Subcall subcall, MapCall call) {
    return catchThrowableOfType(SubcallException.class, () -> subcall.call(call, CancelSignal.none()));
  }

  private static Subcall roundTrip(Subcall subcall) throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(subcall);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (Subcall) in.readObject();
    }
  }
}
