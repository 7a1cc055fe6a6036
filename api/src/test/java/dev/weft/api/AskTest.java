package dev.weft.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.agents.author.AskEvent;
import dev.weft.agents.author.AuthoredProgram;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.model.stub.StubRequest;
import dev.weft.models.http.EndpointConfig;
import dev.weft.pipelines.Runner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Weft.ask: an authored program runs in process and on the DirectRunner with the same answer. */
class AskTest {
  static final ProgramSource DATASET = new ProgramSource.Dataset(ProgramsTest.EXAMPLES.resolve("modules.jsonl"));
  static final String QUESTION = "Which modules still call LegacyClock.now()?";

  @TempDir Path tmp;
  private StubChatServer stub;
  private EndpointConfig model;
  private String program;

  @BeforeEach
  void open() throws Exception {
    stub = new StubChatServer();
    model = EndpointConfig.of(stub.baseUrl(), "stub").withApiKeyEnv("WEFT_TEST_NO_KEY")
        .withTimeout(Duration.ofSeconds(30));
    program = Files.readString(ProgramsTest.EXAMPLES.resolve("deprecated-calls.json"));
    stub.replies(request -> isAuthoring(request) ? StubReply.text(program)
        : StubReply.text(ProgramsTest.judge(request.userMessage()).toString()));
  }

  @AfterEach
  void close() {
    stub.close();
  }

  static boolean isAuthoring(StubRequest request) {
    return request.outputSchema().map(s -> s.path("properties").has("steps")).orElse(false);
  }

  @Test
  void theSameQuestionGetsTheSameProgramAndAnswerInProcessAndOnDirect() throws Exception {
    AskRequest here = AskRequest.of(QUESTION, DATASET, model);

    AskOutcome inProcess = Weft.ask(here);
    int hereCalls = stub.calls();
    AskOutcome direct = Weft.ask(here.on(Runner.DIRECT).withBeamWork(tmp.resolve("work")));

    assertThat(hereCalls).isEqualTo(4); // 1 authoring + 3 pieces the grep keeps
    assertThat(stub.calls() - hereCalls).isEqualTo(4);
    assertThat(direct.result().run().answerPreview()).isEqualTo(inProcess.result().run().answerPreview())
        .contains("\"auth\", \"billing\"");
    assertThat(direct.result().fingerprint()).isEqualTo(inProcess.result().fingerprint());
    assertThat(direct.result().calls()).isEqualTo(inProcess.result().calls()).isEqualTo(4);
    assertThat(inProcess.run().executor()).isEqualTo(Runner.INPROCESS);
    assertThat(direct.run().executor()).isEqualTo(Runner.DIRECT);
    assertThat(direct.run().answerSlot()).hasValue("answer/" + direct.result().fingerprint());
    assertThat(inProcess.result().events()).extracting(AskEvent::kind)
        .containsExactly(AskEvent.Kind.AUTHORED, AskEvent.Kind.RAN);
    String herePrompt = stub.requests().get(0).userMessage();
    String beamPrompt = stub.requests().get(hereCalls).userMessage();
    assertThat(herePrompt).contains("dataset (each record a piece, addressed by its id), 4 pieces in `input`.")
        .contains("- billing/Invoices.java: billing").endsWith("The question: " + QUESTION);
    assertThat(beamPrompt).isEqualTo(herePrompt.replace("\n\nThe question: ", "\n" + Asks.BEAM_SHAPE
        + "\n\nThe question: "));
  }

  @Test
  void authoringAloneRunsNothing() {
    AuthoredProgram authored = Weft.authorProgram(AskRequest.of(QUESTION, DATASET, model));

    assertThat(authored.text()).isEqualTo(program);
    assertThat(authored.fingerprint()).matches("[0-9a-f]{64}");
    assertThat(stub.calls()).isEqualTo(1);
  }

  @Test
  void aRunnerThatCannotTakeTheSourceOrTheOptionsIsRefusedBeforeAnyModelCall() throws Exception {
    Path env = Files.createDirectories(tmp.resolve("env"));
    AskRequest onEnv = AskRequest.of(QUESTION, new ProgramSource.EnvDir(env), model).on(Runner.DIRECT);
    AskRequest flinkArgs = AskRequest.of(QUESTION, DATASET, model).withBeamArgs(List.of("--parallelism=2"));

    assertThatThrownBy(() -> Weft.ask(onEnv)).hasMessageStartingWith("--env runs in process only");
    assertThatThrownBy(() -> Weft.ask(flinkArgs)).hasMessageContaining("pass --runner flink, or drop them");
    assertThat(stub.calls()).isZero();
  }
}
