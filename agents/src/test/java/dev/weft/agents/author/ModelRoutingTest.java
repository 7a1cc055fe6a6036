package dev.weft.agents.author;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.weft.agents.loop.Budget;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubFault;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.program.RunOptions;
import dev.weft.context.env.Environment;
import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.MapCall;
import dev.weft.context.program.Subcall;
import dev.weft.context.program.SubcallException;
import dev.weft.context.store.InMemoryStore;
import dev.weft.models.http.EndpointConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** selectModel: authoring and sub-calls routed by purpose and depth, fallbacks in order, each one more turn. */
class ModelRoutingTest {
  private StubChatServer authorStub;
  private StubChatServer subcallStub;
  private Environment env;

  @BeforeEach
  void open() throws Exception {
    authorStub = new StubChatServer();
    subcallStub = new StubChatServer();
    authorStub.replies(request -> StubReply.text(LongHorizonAgentTest.PROGRAM));
    subcallStub.replies(request -> StubReply.text(
        "{\"n\": " + request.userMessage().lines().filter(l -> l.contains("bug")).count() + "}"));
    env = new SlotEnvironment(new InMemoryStore());
    env.put("a.md", "a bug here\nfine\nanother bug\n");
    env.put("c.md", "one bug\n");
  }

  @AfterEach
  void close() {
    authorStub.close();
    subcallStub.close();
  }

  private static ModelChoice at(StubChatServer stub, String model) {
    return ModelChoice.of(EndpointConfig.of(stub.baseUrl(), model).withApiKeyEnv("WEFT_TEST_NO_KEY")
        .withTimeout(Duration.ofSeconds(20)).withMaxRetries(0));
  }

  @Test
  void theAuthorAndTheSubcallsAskTheModelsTheRouterChoseForThePurposeAndDepth() throws Exception {
    List<String> asked = new ArrayList<>();
    ModelRouter router = (purpose, depth) -> {
      asked.add(purpose.wire() + "@" + depth);
      return List.of(purpose == ModelPurpose.AUTHOR ? at(authorStub, "big") : at(subcallStub, "small"));
    };

    AskResult result = LongHorizonAgent.routed(router, ModelAccount.of(Budget.unbounded()), AskOptions.defaults(),
        RunOptions.defaults()).run("How many lines mention a bug?", new EnvironmentSource(env, RunOptions.defaults()));

    assertThat(result.run().answerPreview()).isEqualTo("3");
    assertThat(authorStub.calls()).isEqualTo(1);
    assertThat(authorStub.requests().get(0).model()).isEqualTo("big");
    assertThat(subcallStub.calls()).isEqualTo(2);
    assertThat(subcallStub.requests()).allSatisfy(r -> assertThat(r.model()).isEqualTo("small"));
    assertThat(asked).containsExactlyInAnyOrder("author@1", "subcall@1");
  }

  @Test
  void aModelThatFailsForGoodFallsBackToTheNextWhichIsOneMoreTurnAndAnEvent() throws Exception {
    authorStub.failNext(StubFault.serverError());
    ModelRouter router = ModelRouter.byPurpose(List.of(at(authorStub, "first"), at(authorStub, "second")),
        List.of(at(subcallStub, "small")));
    ModelAccount account = ModelAccount.of(Budget.unbounded());

    AskResult result = LongHorizonAgent.routed(router, account, AskOptions.defaults(), RunOptions.defaults())
        .run("How many?", new EnvironmentSource(env, RunOptions.defaults()));

    assertThat(result.run().answerPreview()).isEqualTo("3");
    assertThat(authorStub.requests()).extracting(r -> r.model()).containsExactly("first", "second");
    assertThat(result.authorCalls()).isEqualTo(2);
    assertThat(account.spent().turns()).isEqualTo(2);
    assertThat(result.events()).extracting(AskEvent::kind)
        .containsExactly(AskEvent.Kind.FELL_BACK, AskEvent.Kind.AUTHORED, AskEvent.Kind.RAN);
    assertThat(result.events().get(0).detail()).startsWith("first failed (SERVER_ERROR): ");
  }

  @Test
  void aFallbackPastTheTurnsBudgetIsNotAsked() {
    authorStub.failNext(StubFault.serverError());
    ModelRouter router = ModelRouter.byPurpose(List.of(at(authorStub, "first"), at(authorStub, "second")),
        List.of(at(subcallStub, "small")));
    LongHorizonAgent agent = LongHorizonAgent.routed(router, ModelAccount.of(Budget.unbounded().withTurns(1)),
        AskOptions.defaults(), RunOptions.defaults());

    assertThatThrownBy(() -> agent.run("q?", new EnvironmentSource(env, RunOptions.defaults())))
        .isInstanceOfSatisfying(WeftException.class, e -> assertThat(e.status()).isEqualTo(ExitStatus.STOPPED))
        .hasMessageContaining("(after 1 failed models): the turns budget of 1 model calls is spent");
    assertThat(authorStub.calls()).isEqualTo(1);
  }

  @Test
  void aSubcallFallsBackInOrderButNeverAfterACancel() throws Exception {
    MapCall call = new MapCall("a.md", "count", "a bug", Optional.empty());
    subcallStub.failNext(StubFault.serverError());
    Subcall both = FallbackSubcall.of(List.of(at(subcallStub, "first"), at(subcallStub, "second")));
    CancelSignal cancelled = new CancelSignal();
    cancelled.cancel();

    assertThat(both.call(call, CancelSignal.none())).isEqualTo(TextNode.valueOf("{\"n\": 1}"));
    assertThat(subcallStub.requests()).extracting(r -> r.model()).containsExactly("first", "second");
    assertThatThrownBy(() -> both.call(call, cancelled)).isInstanceOfSatisfying(SubcallException.class,
        e -> assertThat(e.reason()).isEqualTo(SubcallException.Reason.CANCELLED));
    assertThat(subcallStub.calls()).isEqualTo(2);
  }

  @Test
  void embeddingRoutingAndEmptyChoicesAreRefusedByName() {
    assertThatThrownBy(() -> ModelPurpose.ofWire("embedding"))
        .hasMessageStartingWith("model routing is for chat calls (author, subcall); embedding routing is refused");
    assertThat(ModelPurpose.ofWire("subcall")).isEqualTo(ModelPurpose.SUBCALL);
    assertThatThrownBy(() -> ModelRouter.byPurpose(List.of(), List.of(at(subcallStub, "m"))))
        .hasMessage("the model router chose no model for author; give it at least one");
    assertThatThrownBy(() -> new ModelChoice(EndpointConfig.of("http://x", "m"), 0, OptionalInt.empty()))
        .hasMessage("a model choice's deadlineMs must be at least 1, got: 0");
  }
}
