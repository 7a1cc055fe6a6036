package dev.weft.agents.author;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.agents.loop.Budget;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.program.RunOptions;
import dev.weft.agents.program.RunResult;
import dev.weft.context.env.Environment;
import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.ledger.Ledger;
import dev.weft.context.ledger.LedgerOptions;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.store.InMemoryStore;
import dev.weft.models.http.EndpointConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Verified reuse: identical questions, paraphrases with and without accept, a wrong reuse falling back once. */
class ReusingAgentTest {
  static final String QUESTION = "How many lines mention a bug?";
  static final String PARAPHRASE = "how many lines do mention a bug";

  private StubChatServer stub;
  private Environment env;
  private Ledger ledger;
  private ProgramLibrary library;
  private final List<String> accepted = new ArrayList<>();
  private boolean accept;
  private boolean reusedAnswersWrongly;

  @BeforeEach
  void open() throws Exception {
    stub = new StubChatServer();
    stub.replies(request -> LongHorizonAgentTest.isAuthoring(request) ? StubReply.text(LongHorizonAgentTest.PROGRAM)
        : StubReply.text("{\"n\": " + request.userMessage().lines().filter(l -> l.contains("bug")).count() + "}"));
    env = new SlotEnvironment(new InMemoryStore());
    env.put("a.md", "a bug here\nfine\nanother bug\n");
    env.put("c.md", "one bug\n");
    ledger = new Ledger(new InMemoryStore(), LedgerOptions.defaults());
    library = new ProgramLibrary(ledger, ProgramLibrary.DEFAULT_THRESHOLD);
  }

  @AfterEach
  void close() {
    stub.close();
  }

  private AskResult ask(String question) throws InterruptedException {
    ReuseHost host = new ReuseHost() {
      @Override
      public boolean accept(String q, ProgramCandidate candidate) {
        accepted.add(candidate.question());
        return accept;
      }

      @Override
      public boolean check(String q, RunResult result, boolean reused) {
        return result.answerPreview().equals("3") && !(reused && reusedAnswersWrongly);
      }
    };
    LongHorizonAgent agent = LongHorizonAgent.routed(ModelRouter.single(EndpointConfig.of(stub.baseUrl(), "stub")
        .withApiKeyEnv("WEFT_TEST_NO_KEY").withTimeout(Duration.ofSeconds(20))), ModelAccount.of(Budget.unbounded()),
        AskOptions.defaults(), RunOptions.defaults());
    return new ReusingAgent(agent, library, host).run(question, new EnvironmentSource(env, RunOptions.defaults()),
        CancelSignal.none());
  }

  private int authoringCalls() {
    return (int) stub.requests().stream().filter(LongHorizonAgentTest::isAuthoring).count();
  }

  @Test
  void aCheckedProgramIsRecordedAndTheSameQuestionReusesItWithoutAuthoringOrAccept() throws Exception {
    AskResult first = ask(QUESTION);
    AskResult second = ask("how many LINES mention a bug");

    assertThat(first.events()).extracting(AskEvent::kind).containsExactly(AskEvent.Kind.AUTHORED,
        AskEvent.Kind.RAN, AskEvent.Kind.RECORDED);
    assertThat(ledger.skills()).singleElement().satisfies(s -> assertThat(s.path("name").asText())
        .startsWith("program/" + first.fingerprint() + "/"));
    assertThat(second.events()).extracting(AskEvent::kind).containsExactly(AskEvent.Kind.REUSED, AskEvent.Kind.RAN);
    assertThat(second.run().answerPreview()).isEqualTo("3");
    assertThat(second.fingerprint()).isEqualTo(first.fingerprint());
    assertThat(second.authorCalls()).isZero();
    assertThat(authoringCalls()).isEqualTo(1);
    assertThat(accepted).isEmpty();
  }

  @Test
  void aParaphraseIsReusedOnlyWhenTheHostAcceptsIt() throws Exception {
    ask(QUESTION);

    accept = false;
    AskResult declined = ask(PARAPHRASE);
    accept = true;
    AskResult acceptedRun = ask("How many of the lines mention a bug?");

    assertThat(declined.events()).extracting(AskEvent::kind).containsExactly(AskEvent.Kind.REUSE_DECLINED,
        AskEvent.Kind.AUTHORED, AskEvent.Kind.RAN, AskEvent.Kind.RECORDED);
    assertThat(acceptedRun.events().get(0).kind()).isEqualTo(AskEvent.Kind.REUSED);
    assertThat(acceptedRun.events().get(0).detail()).contains("a paraphrase (similarity 0.75)");
    assertThat(accepted).hasSize(2);
    assertThat(authoringCalls()).isEqualTo(2); // the first question and the declined paraphrase
  }

  @Test
  void aWrongReuseRecordsFailureEvidenceAndFallsBackToFreshAuthoringOnce() throws Exception {
    ask(QUESTION);
    reusedAnswersWrongly = true;

    AskResult result = ask(QUESTION);
    AskResult again = ask(QUESTION);

    assertThat(result.events()).extracting(AskEvent::kind).containsExactly(AskEvent.Kind.REUSED,
        AskEvent.Kind.REUSE_FAILED, AskEvent.Kind.AUTHORED, AskEvent.Kind.RAN, AskEvent.Kind.RECORDED);
    assertThat(ledger.memories()).singleElement().satisfies(m -> {
      assertThat(m.path("evidence").asText()).isEqualTo("the host's check refused its answer: 3");
      assertThat(m.path("tags").toString()).contains("failed:" + ProgramLibrary.fingerprint(QUESTION) + ":skill:");
    });
    // the program that failed for this question is not offered for it again
    assertThat(again.events().get(0).kind()).isEqualTo(AskEvent.Kind.AUTHORED);
    assertThat(authoringCalls()).isEqualTo(3);
  }

  @Test
  void aStoredProgramThatDoesNotCompileAgainstTheseSlotsIsSkipped() throws Exception {
    ledger.putSkill("program/x", QUESTION, LongHorizonAgentTest.MISSING_SLOT, java.util.Set.of(ProgramLibrary.TAG));

    AskResult result = ask(QUESTION);

    assertThat(result.events()).extracting(AskEvent::kind).containsExactly(AskEvent.Kind.REUSE_REFUSED,
        AskEvent.Kind.AUTHORED, AskEvent.Kind.RAN, AskEvent.Kind.RECORDED);
    assertThat(result.events().get(0).detail()).endsWith("does not compile against this source: AI0202 /steps/0/from");
  }

  @Test
  void theThresholdAndTheFingerprintIgnoreCasePunctuationAndSpacing() {
    assertThat(ProgramLibrary.fingerprint("How many  lines?")).isEqualTo(ProgramLibrary.fingerprint("how many lines"));
    assertThat(ProgramLibrary.jaccard(java.util.Set.of("a", "b"), java.util.Set.of("b", "c"))).isEqualTo(1.0 / 3);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new ProgramLibrary(ledger, 0))
        .hasMessage("the reuse threshold must be above 0 and at most 1, got: 0.0");
  }
}
