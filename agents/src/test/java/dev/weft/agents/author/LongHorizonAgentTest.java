package dev.weft.agents.author;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.agents.loop.Budget;
import dev.weft.agents.model.ChatClient;
import dev.weft.agents.model.ChatSubcall;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.model.stub.StubRequest;
import dev.weft.agents.program.ErrorCode;
import dev.weft.agents.program.RunOptions;
import dev.weft.agents.recursive.LevelResult;
import dev.weft.context.env.Environment;
import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.Subcall;
import dev.weft.context.store.InMemoryStore;
import dev.weft.models.http.Backoff;
import dev.weft.models.http.EndpointConfig;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The long-horizon agent against the stub chat server: authoring, the repair round, the run, the level seam. */
class LongHorizonAgentTest {
  /** Counts the lines of each note that mention a bug, one sub-call per note. */
  static final String PROGRAM = """
      {"name": "bug-notes", "steps": [
        {"op": "grep", "from": "input", "as": "hits", "pattern": "bug"},
        {"op": "map", "from": "hits", "as": "counts", "instruction": "How many lines mention a bug? Answer the number.",
         "output": {"type": "object", "required": ["n"], "properties": {"n": {"type": "integer"}}}},
        {"op": "reduce", "from": "counts", "as": "total", "query": "[.[] | .result.n] | add"},
        {"op": "answer", "from": "total"}]}""";
  /** PROGRAM as a child level writes it: the answer a reduce that keeps {slot, value} envelopes. */
  static final String ENVELOPED = """
      {"name": "bug-notes", "steps": [
        {"op": "grep", "from": "input", "as": "hits", "pattern": "bug"},
        {"op": "map", "from": "hits", "as": "counts", "instruction": "How many lines mention a bug? Answer the number.",
         "output": {"type": "object", "required": ["n"], "properties": {"n": {"type": "integer"}}}},
        {"op": "reduce", "from": "counts", "as": "kept", "query": "map({slot: .address, value: .result})"},
        {"op": "answer", "from": "kept"}]}""";
  /** Reads a slot no environment holds: AI0202 at /steps/0/from. */
  static final String MISSING_SLOT = """
      {"steps": [{"op": "stat", "from": "notes", "as": "s"}, {"op": "answer", "from": "s"}]}""";
  /** Breaks the schema: an op that does not exist. */
  static final String UNKNOWN_OP = """
      {"steps": [{"op": "fold", "from": "input", "as": "x"}, {"op": "answer", "from": "x"}]}""";

  private StubChatServer stub;
  private ChatClient client;
  private Subcall model;
  private Environment env;

  @BeforeEach
  void open() throws IOException {
    stub = new StubChatServer();
    client = new ChatClient(EndpointConfig.of(stub.baseUrl(), "stub").withApiKeyEnv("K")
        .withTimeout(Duration.ofSeconds(20)).withMaxRetries(0), Map.of("K", "k")::get, wait -> { }, Backoff.DEFAULT);
    model = new ChatSubcall(EndpointConfig.of(stub.baseUrl(), "stub").withApiKeyEnv("WEFT_TEST_NO_KEY")
        .withTimeout(Duration.ofSeconds(20)));
    env = new SlotEnvironment(new InMemoryStore());
    env.put("a.md", "a bug here\nfine\nanother bug\n");
    env.put("b.md", "all fine\n");
    env.put("c.md", "one bug\n");
  }

  @AfterEach
  void close() {
    stub.close();
  }

  /** Authoring requests get {@code programs} one by one; a map sub-call is answered by counting 'bug' lines. */
  private void script(String... programs) {
    List<String> scripted = List.of(programs);
    int[] authored = {0};
    stub.replies(request -> isAuthoring(request) ? StubReply.text(scripted.get(authored[0]++))
        : StubReply.text("{\"n\": " + request.userMessage().lines().filter(l -> l.contains("bug")).count() + "}"));
  }

  static boolean isAuthoring(StubRequest request) {
    return request.outputSchema().map(s -> s.path("properties").has("steps")).orElse(false);
  }

  private LongHorizonAgent agent(ModelAccount account, MapSubcalls subcalls) {
    return new LongHorizonAgent(client, account, subcalls, AskOptions.defaults(), RunOptions.defaults());
  }

  @Test
  void theModelsProgramCompilesAndRunsOverTheSourceAndTheResultNamesItsCallsAndEvents() throws Exception {
    script(PROGRAM);

    AskResult result = agent(ModelAccount.of(Budget.unbounded()), MapSubcalls.plain(model))
        .run("How many lines mention a bug?", new EnvironmentSource(env, RunOptions.defaults()));

    assertThat(result.run().answerPreview()).isEqualTo("3");
    assertThat(result.program().text()).isEqualTo(PROGRAM);
    assertThat(result.fingerprint()).matches("[0-9a-f]{64}").isEqualTo(result.run().fingerprint());
    assertThat(result.authorCalls()).isEqualTo(1);
    assertThat(result.subcalls()).isEqualTo(2);
    assertThat(result.calls()).isEqualTo(3).isEqualTo(stub.calls());
    assertThat(result.spend().turns()).isEqualTo(1);
    assertThat(result.spend().totalTokens()).isPositive();
    assertThat(result.events()).extracting(AskEvent::kind)
        .containsExactly(AskEvent.Kind.AUTHORED, AskEvent.Kind.RAN);
    String prompt = stub.requests().get(0).userMessage();
    assertThat(prompt).contains("The question: How many lines mention a bug?")
        .contains("environment, 3 pieces in `input`").contains("- a.md: a bug here").contains("Slots a step may read");
  }

  @Test
  void aRefusedProgramGoesBackOnceWithItsCodedPointeredErrorsAndTheRepairRuns() throws Exception {
    script(MISSING_SLOT, PROGRAM);

    AskResult result = agent(ModelAccount.of(Budget.unbounded()), MapSubcalls.plain(model))
        .run("How many lines mention a bug?", new EnvironmentSource(env, RunOptions.defaults()));

    assertThat(result.run().answerPreview()).isEqualTo("3");
    assertThat(result.authorCalls()).isEqualTo(2);
    assertThat(result.events()).extracting(AskEvent::kind).containsExactly(AskEvent.Kind.AUTHORED,
        AskEvent.Kind.REFUSED, AskEvent.Kind.REPAIRED, AskEvent.Kind.RAN);
    assertThat(result.events().get(1).errors()).extracting(e -> e.code() + " " + e.pointer())
        .containsExactly("AI0202 /steps/0/from");
    StubRequest repair = stub.requests().get(1);
    assertThat(repair.lastMessage("assistant")).isEqualTo(MISSING_SLOT);
    assertThat(repair.userMessage()).startsWith("Weft's compiler refused that program")
        .contains("- AI0202 /steps/0/from: ");
  }

  @Test
  void aSecondRefusalStopsNamingTheCodesAndRunsNothing() {
    script(UNKNOWN_OP, MISSING_SLOT);
    LongHorizonAgent agent = agent(ModelAccount.of(Budget.unbounded()), MapSubcalls.plain(model));

    assertThatThrownBy(() -> agent.run("q?", new EnvironmentSource(env, RunOptions.defaults())))
        .isInstanceOfSatisfying(ProgramNotAuthoredException.class, e -> {
          assertThat(e.status()).isEqualTo(ExitStatus.BAD_INPUT);
          assertThat(e.errors()).extracting(x -> x.code()).containsExactly(ErrorCode.AI0202);
          assertThat(e.lastText()).isEqualTo(MISSING_SLOT);
        })
        .hasMessageStartingWith("the model did not write a program that compiles, after one repair round (1 error: "
            + "AI0202 /steps/0/from; first: AI0202 /steps/0/from: ")
        .hasMessageNotContaining("\n");
    assertThat(stub.calls()).isEqualTo(2);
    assertThat(stub.requests().get(1).userMessage()).contains("AI0102 /steps/0/op");
  }

  @Test
  void aReplyThatIsNotJsonIsJudgedByTheCompilerAsAi0001AndRepaired() throws Exception {
    script("here is your program: steps...", PROGRAM);

    AskResult result = agent(ModelAccount.of(Budget.unbounded()), MapSubcalls.plain(model))
        .run("How many?", new EnvironmentSource(env, RunOptions.defaults()));

    assertThat(result.events().get(1).errors()).extracting(e -> e.code()).containsExactly(ErrorCode.AI0001);
    assertThat(result.run().answerPreview()).isEqualTo("3");
    assertThat(result.spend().turns()).isEqualTo(2);
  }

  @Test
  void theAccountIsReservedBeforeEachAuthoringCallAndARefusalMakesNoCall() {
    script(MISSING_SLOT, PROGRAM);
    LongHorizonAgent agent = agent(ModelAccount.of(Budget.unbounded().withTurns(1)), MapSubcalls.plain(model));

    assertThatThrownBy(() -> agent.run("q?", new EnvironmentSource(env, RunOptions.defaults())))
        .isInstanceOfSatisfying(WeftException.class, e -> assertThat(e.status()).isEqualTo(ExitStatus.STOPPED))
        .hasMessageContaining("the turns budget of 1 model calls is spent");
    assertThat(stub.calls()).isEqualTo(1);
  }

  @Test
  void asALevelItAnswersAtItsDepthWithTheSubcallForThatDepthAndFailsAsAValue() {
    script(ENVELOPED, UNKNOWN_OP, UNKNOWN_OP);
    List<Integer> depths = new ArrayList<>();
    List<Environment> envs = new ArrayList<>();
    LongHorizonAgent agent = agent(ModelAccount.of(Budget.unbounded()), (depth, levelEnv, self) -> {
      depths.add(depth);
      envs.add(levelEnv.orElseThrow());
      return model;
    });

    LevelResult ran = agent.run(2, env, "How many lines mention a bug?", CancelSignal.none());
    LevelResult failed = agent.run(3, env, "How many?", CancelSignal.none());

    assertThat(ran.run()).hasValueSatisfying(r -> assertThat(r.answerPreview().replaceAll("\\s", ""))
        .isEqualTo("[{\"slot\":\"a.md\",\"value\":{\"n\":2}},{\"slot\":\"c.md\",\"value\":{\"n\":1}}]"));
    assertThat(depths).containsExactly(2);
    assertThat(envs).containsExactly(env);
    assertThat(failed.error()).hasValueSatisfying(e -> assertThat(e)
        .startsWith("the model did not write a program that compiles"));
  }

  @Test
  void belowTheRootTheModelIsToldTheEnvelopeRuleAndAProgramThatDropsItIsRefusedWithAi0208() {
    script(PROGRAM, ENVELOPED, PROGRAM);
    LongHorizonAgent agent = agent(ModelAccount.of(Budget.unbounded()), MapSubcalls.plain(model));

    LevelResult repaired = agent.run(2, env, "How many lines mention a bug?", CancelSignal.none());
    LevelResult root = agent.run(1, env, "How many lines mention a bug?", CancelSignal.none());

    assertThat(repaired.run()).isPresent();
    List<StubRequest> authoring = stub.requests().stream().filter(LongHorizonAgentTest::isAuthoring).toList();
    assertThat(authoring.get(0).userMessage()).contains(ProgramAuthor.ENVELOPES);
    assertThat(authoring.get(1).userMessage()).startsWith("Weft's compiler refused that program")
        .contains("- AI0208 /steps/2: the compiler cannot show that reduce 'total' keeps {slot, value} envelopes");
    assertThat(root.run()).hasValueSatisfying(r -> assertThat(r.answerPreview()).isEqualTo("3"));
    assertThat(authoring.get(2).userMessage()).doesNotContain(ProgramAuthor.ENVELOPES);
  }

  @Test
  void aQuestionMustBeOneToFourThousandCharacters() {
    LongHorizonAgent agent = agent(ModelAccount.of(Budget.unbounded()), MapSubcalls.plain(model));
    EnvironmentSource source = new EnvironmentSource(env, RunOptions.defaults());

    assertThatThrownBy(() -> agent.run(" ", source)).hasMessageStartingWith("the question must be 1 to 4000");
    assertThatThrownBy(() -> agent.run("q".repeat(4_001), source)).hasMessageContaining("got 4001 characters");
    assertThat(stub.calls()).isZero();
  }

  @Test
  void depthDefaultsToOneAndIsClampedAtThree() {
    assertThat(AskOptions.defaults().depthUsed()).isEqualTo(1);
    assertThat(new AskOptions(3).depthClamped()).isFalse();
    assertThat(new AskOptions(7).depthUsed()).isEqualTo(3);
    assertThat(new AskOptions(7).depthClamped()).isTrue();
    assertThatThrownBy(() -> new AskOptions(0)).hasMessage("depth must be at least 1, got: 0");
  }
}
