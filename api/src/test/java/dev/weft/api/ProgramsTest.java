package dev.weft.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.program.ErrorCode;
import dev.weft.agents.program.ProgramRefusedException;
import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.program.Subcall;
import dev.weft.context.store.InMemoryStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Programs through the facade: the shipped example over its dataset, --env directories, refusals. */
class ProgramsTest {
  static final Path EXAMPLES = Path.of("../examples/programs").toAbsolutePath().normalize();
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /**
   * Stands in for the model: a piece "calls" LegacyClock.now() when a line that is not a comment does; the module
   * is the piece's first line (the record's title).
   */
  static final Subcall JUDGE = (call, cancel) -> judge(call.piece());

  static ObjectNode judge(String piece) {
    boolean calls = piece.lines().anyMatch(l -> l.contains("LegacyClock.now()") && !l.strip().startsWith("//"));
    ObjectNode answer = MAPPER.createObjectNode();
    return answer.put("calls", calls).put("module", piece.lines().findFirst().orElse(""))
        .put("why", calls ? "still reads the time through it" : "only a comment mentions it");
  }

  @TempDir Path tmp;

  @Test
  void theDeprecatedCallsExampleAnswersWhichModulesStillCallIt() throws Exception {
    ProgramOutcome outcome = Weft.programs().run(ProgramRequest.inProcess(EXAMPLES.resolve("deprecated-calls.json"),
        new ProgramSource.Dataset(EXAMPLES.resolve("modules.jsonl")), JUDGE));

    JsonNode answer = MAPPER.readTree(outcome.result().answerPreview());
    assertThat(answer.get("calling").toString()).isEqualTo("[\"auth\",\"billing\"]");
    assertThat(answer.get("failed")).isEmpty();
    assertThat(outcome.pieces()).isEqualTo(4);
    // the grep keeps the three pieces that mention the call (reports only in a comment); the map asks each once
    assertThat(outcome.result().subcalls()).isEqualTo(3);
    assertThat(outcome.result().ok()).isTrue();
  }

  @Test
  void theExampleRunsAgainstTheStubChatServerThroughChatSubcall() throws Exception {
    try (StubChatServer stub = new StubChatServer()) {
      stub.replies(request -> StubReply.text(judge(request.userMessage()).toString()));

      ProgramOutcome outcome = Weft.programs().run(ProgramRequest.inProcess(
          EXAMPLES.resolve("deprecated-calls.json"), new ProgramSource.Dataset(EXAMPLES.resolve("modules.jsonl")),
          Programs.chatSubcall(stub.baseUrl(), "stub", "WEFT_TEST_NO_KEY", Duration.ofSeconds(30))));

      assertThat(MAPPER.readTree(outcome.result().answerPreview()).get("calling").toString())
          .isEqualTo("[\"auth\",\"billing\"]");
      assertThat(stub.calls()).isEqualTo(3);
      assertThat(stub.requests()).allSatisfy(r -> assertThat(r.outputSchema()).isPresent());
    }
  }

  @Test
  void aRefusedProgramWritesNothingAndCallsNoModel() throws Exception {
    Path program = write("bad.json", """
        {"steps": [{"op": "map", "from": "later", "as": "m", "instruction": "x"},
                   {"op": "stat", "from": "input", "as": "later"}, {"op": "answer", "from": "m"}]}""");
    AtomicInteger environments = new AtomicInteger();
    AtomicInteger calls = new AtomicInteger();
    Programs programs = new Programs(() -> {
      environments.incrementAndGet();
      return new SlotEnvironment(new InMemoryStore());
    });

    assertThatThrownBy(() -> programs.run(ProgramRequest.inProcess(program,
        new ProgramSource.Dataset(EXAMPLES.resolve("modules.jsonl")), (call, cancel) -> {
          calls.incrementAndGet();
          return MAPPER.nullNode();
        })))
        .isInstanceOf(ProgramRefusedException.class)
        .hasMessageContaining("AI0201 /steps/0/from")
        .satisfies(e -> assertThat(((ProgramRefusedException) e).errors()).extracting(x -> x.code())
            .containsExactly(ErrorCode.AI0201));
    assertThat(environments).hasValue(0);
    assertThat(calls).hasValue(0);
  }

  @Test
  void anEnvDirectoryMakesEachFileASlotAndAPieceAndDeadLettersWhatItCannotRead() throws Exception {
    Path env = Files.createDirectories(tmp.resolve("env/sub"));
    Files.writeString(env.resolve("a.txt"), "alpha\n");
    Files.writeString(tmp.resolve("env/notes.md"), "one\ntwo\nthree\n");
    Files.write(tmp.resolve("env/blob.bin"), new byte[] {(byte) 0xC3, (byte) 0x28});
    Path program = write("p.json", """
        {"steps": [{"op": "chunk", "from": "notes.md", "as": "lines", "strategy": "line", "size": 2},
                   {"op": "map", "from": "lines", "as": "m", "instruction": "echo"},
                   {"op": "reduce", "from": "m", "as": "r", "query": "[.[].address]"},
                   {"op": "answer", "from": "r"}]}""");
    Subcall echo = (call, cancel) -> MAPPER.getNodeFactory().textNode(call.piece());

    ProgramOutcome outcome = Weft.programs().run(ProgramRequest.inProcess(program,
        new ProgramSource.EnvDir(tmp.resolve("env")), echo));

    assertThat(MAPPER.readTree(outcome.result().answerPreview()).toString())
        .isEqualTo("[\"notes.md#line:2/0\",\"notes.md#line:2/1\"]");
    assertThat(outcome.slots()).isEqualTo(2);
    assertThat(outcome.deadLetterCount()).isEqualTo(1);
    assertThat(outcome.deadLetters().get(0).path()).isEqualTo("blob.bin");
    assertThat(outcome.deadLetters().get(0).reason()).isEqualTo("undecodable");
  }

  @Test
  void anIndexGivesOnePiecePerChunkAddressedByChunkId() throws Exception {
    Path corpus = Files.createDirectories(tmp.resolve("corpus"));
    Files.writeString(corpus.resolve("a.md"), "# One\n\nalpha\n\n# Two\n\nbeta\n");
    Files.writeString(corpus.resolve("b.md"), "gamma\n");
    Path index = tmp.resolve("index");
    try (Weft weft = Weft.open(index)) {
      weft.index(corpus);
    }
    Path program = write("p.json", """
        {"steps": [{"op": "map", "from": "input", "as": "m", "instruction": "echo"},
                   {"op": "reduce", "from": "m", "as": "r", "query": "[.[].address]"},
                   {"op": "answer", "from": "r"}]}""");

    ProgramOutcome outcome = Weft.programs().run(ProgramRequest.inProcess(program, new ProgramSource.Index(index),
        (call, cancel) -> MAPPER.getNodeFactory().textNode(call.piece())));

    JsonNode addresses = MAPPER.readTree(outcome.result().answerPreview());
    assertThat(outcome.pieces()).isEqualTo(addresses.size()).isGreaterThanOrEqualTo(2);
    assertThat(addresses.get(0).asText()).startsWith("a.md#");
    assertThat(addresses.get(addresses.size() - 1).asText()).isEqualTo("b.md#0");
  }

  @Test
  void aMissingSlotIsRefusedAgainstTheEnvDirectory() throws Exception {
    Files.createDirectories(tmp.resolve("env"));
    Path program = write("p.json", """
        {"steps": [{"op": "peek", "from": "notes.md", "as": "p"}, {"op": "answer", "from": "p"}]}""");

    assertThatThrownBy(() -> Weft.programs().run(ProgramRequest.inProcess(program,
        new ProgramSource.EnvDir(tmp.resolve("env")), JUDGE)))
        .isInstanceOf(ProgramRefusedException.class).hasMessageContaining("AI0202 /steps/0/from");
  }

  @Test
  void aMapWithoutAModelIsRefusedBeforeItRuns() throws Exception {
    assertThatThrownBy(() -> Weft.programs().run(ProgramRequest.inProcess(EXAMPLES.resolve("deprecated-calls.json"),
        new ProgramSource.Dataset(EXAMPLES.resolve("modules.jsonl")), Programs.NO_MODEL)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maps over pieces with a model (step 2); pass --model M --base-url URL");
  }

  @Test
  void aMissingOrOversizedProgramFileIsNamed() throws Exception {
    assertThatThrownBy(() -> Weft.programs().compile(tmp.resolve("nope.json")))
        .hasMessageStartingWith("the program " + tmp.resolve("nope.json") + " does not exist");
    Path big = tmp.resolve("big.json");
    Files.write(big, new byte[Programs.MAX_PROGRAM_BYTES + 1]);
    assertThatThrownBy(() -> Weft.programs().compile(big)).hasMessageContaining("is larger than 524288 bytes");
  }

  private Path write(String name, String text) throws Exception {
    return Files.writeString(tmp.resolve(name), text, StandardCharsets.UTF_8);
  }
}
