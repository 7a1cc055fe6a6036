package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.model.stub.StubRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `weft ask` through the CLI against the scripted stub: authoring, the repair round, --show-program, --json. */
class AskCliTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Counts the lines of the notes that mention a bug, one sub-call per note that does. */
  static final String PROGRAM = """
      {"name": "bug-notes", "steps": [
        {"op": "grep", "from": "input", "as": "hits", "pattern": "bug"},
        {"op": "map", "from": "hits", "as": "counts", "instruction": "How many lines mention a bug?",
         "output": {"type": "object", "required": ["n"], "properties": {"n": {"type": "integer"}}}},
        {"op": "reduce", "from": "counts", "as": "total", "query": "[.[] | .result.n] | add"},
        {"op": "answer", "from": "total"}]}""";
  /** Reads a slot the directory does not have: AI0202 at /steps/0/from. */
  static final String MISSING_SLOT = """
      {"steps": [{"op": "stat", "from": "notes", "as": "s"}, {"op": "answer", "from": "s"}]}""";

  @TempDir Path tmp;
  private StubChatServer stub;
  private Path env;
  private final List<String> programs = new ArrayList<>();
  private final AtomicInteger authored = new AtomicInteger();

  @BeforeEach
  void open() throws Exception {
    stub = new StubChatServer();
    stub.replies(request -> isAuthoring(request) ? StubReply.text(programs.get(authored.getAndIncrement()))
        : StubReply.text(reply(request.userMessage())));
    env = Files.createDirectories(tmp.resolve("env"));
    Files.writeString(env.resolve("a.md"), "a bug here\nfine\nanother bug\n");
    Files.writeString(env.resolve("b.md"), "all fine\n");
    Files.writeString(env.resolve("c.md"), "one bug\n");
  }

  @AfterEach
  void close() {
    stub.close();
  }

  static boolean isAuthoring(StubRequest request) {
    return request.outputSchema().map(s -> s.path("properties").has("steps")).orElse(false);
  }

  /** A map sub-call's answer: the example's judge for Java pieces, else the count of lines that mention a bug. */
  static String reply(String piece) {
    if (piece.contains("class ")) {
      boolean calls = piece.lines().anyMatch(l -> l.contains("LegacyClock.now()") && !l.strip().startsWith("//"));
      return "{\"calls\": " + calls + ", \"module\": \"" + piece.lines().findFirst().orElse("")
          + "\", \"why\": \"-\"}";
    }
    return "{\"n\": " + piece.lines().filter(l -> l.contains("bug")).count() + "}";
  }

  private String[] ask(String... more) {
    List<String> args = new ArrayList<>(List.of("ask", "How many lines mention a bug?", "--model", "stub",
        "--base-url", stub.baseUrl(), "--api-key-env", "WEFT_TEST_NO_KEY"));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  @Test
  void aRefusedProgramIsRepairedOnceAndTheAnswerProgramCallsAndSpendArePrinted() {
    programs.addAll(List.of(MISSING_SLOT, PROGRAM));

    CliRun run = CliRun.of(ask("--env", env.toString()));

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).isEqualTo("3\n");
    assertThat(run.err()).containsPattern("weft ask: program [0-9a-f]{64}:\n")
        .contains("\"name\" : \"bug-notes\"")
        .contains("weft ask: 4 calls (2 authoring, 2 sub-calls), ")
        .contains("the first program refused (AI0202 /steps/0/from) and repaired, depth 1; ok: 3 pieces, 2 sub-calls");
    assertThat(stub.requests().get(1).userMessage()).contains("- AI0202 /steps/0/from: ");
  }

  @Test
  void aSecondRefusalIsOneLineNamingTheCodesWithExitTwoAndNothingRuns() {
    programs.addAll(List.of(MISSING_SLOT, MISSING_SLOT));

    CliRun run = CliRun.of(ask("--env", env.toString()));

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).startsWith("weft: the model did not write a program that compiles, after one repair round "
        + "(1 error: AI0202 /steps/0/from; ").contains("ask a stronger --model").hasLineCount(1);
    assertThat(stub.calls()).isEqualTo(2);
  }

  @Test
  void showProgramAuthorsAndPrintsTheProgramWithoutRunningIt() throws Exception {
    programs.add(PROGRAM);
    CliRun run = CliRun.of(ask("--env", env.toString(), "--show-program"));
    programs.add(PROGRAM);
    CliRun json = CliRun.of(ask("--env", env.toString(), "--show-program", "--json"));

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(JSON.readTree(run.out())).isEqualTo(JSON.readTree(PROGRAM));
    assertThat(run.err()).matches("weft ask: program [0-9a-f]{64} authored in 1 call; not run\n");
    JsonNode shown = JSON.readTree(json.out());
    assertThat(shown.path("program")).isEqualTo(JSON.readTree(PROGRAM));
    assertThat(shown.path("fingerprint").asText()).matches("[0-9a-f]{64}");
    assertThat(shown.has("answer")).isFalse();
    assertThat(stub.calls()).isEqualTo(2); // one authoring call each, no sub-call
  }

  @Test
  void jsonCarriesTheAnswerTheProgramItsFingerprintDepthCallsSpendEventsAndTheRun() throws Exception {
    programs.add(PROGRAM);

    CliRun run = CliRun.of(ask("--env", env.toString(), "--json"));

    assertThat(run.exit()).as(run.err()).isZero();
    JsonNode json = JSON.readTree(run.out());
    List<String> fields = new ArrayList<>();
    json.fieldNames().forEachRemaining(fields::add);
    assertThat(fields).containsExactly("question", "ok", "answer", "fingerprint", "program", "authorCalls", "events",
        "depth", "depthClamped", "calls", "spend", "run");
    assertThat(json.path("answer").path("preview").asText()).isEqualTo("3");
    assertThat(json.path("fingerprint").asText()).isEqualTo(json.path("run").path("fingerprint").asText());
    assertThat(json.path("depth").toString()).isEqualTo("{\"requested\":1,\"used\":1,\"clamped\":false}");
    assertThat(json.path("depthClamped").asBoolean()).isFalse(); // a clamp: AskRecursionCliTest
    assertThat(json.path("calls").toString()).isEqualTo("{\"total\":3,\"author\":1,\"subcalls\":2,\"failed\":0}");
    // in process one account holds the whole run: the authoring call and both sub-calls
    assertThat(json.path("spend").path("turns").asInt()).isEqualTo(3);
    assertThat(json.path("events").findValuesAsText("kind")).containsExactly("authored", "ran");
    assertThat(json.path("run").path("input").path("runner").asText()).isEqualTo("inprocess");
  }

  @Test
  void theSameQuestionAnswersTheSameInProcessAndOnDirect() throws Exception {
    String example = Files.readString(ProgramCliTest.EXAMPLES.resolve("deprecated-calls.json"));
    programs.addAll(List.of(example, example));
    String dataset = ProgramCliTest.EXAMPLES.resolve("modules.jsonl").toString();

    CliRun here = CliRun.of(ask("--dataset", dataset, "--json"));
    CliRun direct = CliRun.of(ask("--dataset", dataset, "--json", "--runner", "direct", "--work",
        tmp.resolve("work").toString()));

    assertThat(here.exit()).as(here.err()).isZero();
    assertThat(direct.exit()).as(direct.err()).isZero();
    JsonNode a = JSON.readTree(here.out());
    JsonNode b = JSON.readTree(direct.out());
    assertThat(b.path("answer")).isEqualTo(a.path("answer"));
    assertThat(a.path("answer").path("preview").asText()).contains("\"auth\", \"billing\"");
    assertThat(b.path("fingerprint")).isEqualTo(a.path("fingerprint"));
    assertThat(b.path("calls")).isEqualTo(a.path("calls"));
    assertThat(b.path("run").path("input").path("runner").asText()).isEqualTo("direct");
  }

  @Test
  void theSubcallsCanBeRoutedToAModelOfTheirOwnAtAnotherEndpoint() throws Exception {
    programs.add(PROGRAM);
    try (StubChatServer small = new StubChatServer()) {
      small.replies(request -> StubReply.text(reply(request.userMessage())));

      CliRun run = CliRun.of(ask("--env", env.toString(), "--subcall-model", "small", "--subcall-base-url",
          small.baseUrl(), "--author-model", "big"));

      assertThat(run.exit()).as(run.err()).isZero();
      assertThat(run.out()).isEqualTo("3\n");
      assertThat(stub.requests()).extracting(StubRequest::model).containsExactly("big");
      assertThat(small.requests()).extracting(StubRequest::model).containsExactly("small", "small");
    }
  }

  @Test
  void badFlagsAreRefusedInOneLineBeforeAnyModelCall() {
    CliRun depth = CliRun.of(ask("--env", env.toString(), "--depth", "0"));
    CliRun flinkOnDirect = CliRun.of(ask("--env", env.toString(), "--runner", "direct", "--parallelism", "2"));
    CliRun noSource = CliRun.of(ask());
    CliRun noModel = CliRun.of("ask", "q?", "--env", env.toString());

    assertThat(depth.exit()).isEqualTo(2);
    assertThat(depth.err()).isEqualTo("weft: depth must be at least 1, got: 0\n");
    assertThat(flinkOnDirect.exit()).isEqualTo(2);
    assertThat(flinkOnDirect.err()).contains("pass --runner flink, or drop them").hasLineCount(1);
    assertThat(noSource.exit()).isEqualTo(2);
    assertThat(noModel.exit()).isEqualTo(2);
    assertThat(stub.calls()).isZero();
  }
}
