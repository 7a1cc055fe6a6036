package dev.weft.pipelines.program;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.model.ChatSubcall;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.program.AddressOrder;
import dev.weft.agents.program.MapProgress;
import dev.weft.agents.program.Piece;
import dev.weft.agents.program.Plan;
import dev.weft.agents.program.ProgramCompiler;
import dev.weft.agents.program.ProgramRunner;
import dev.weft.agents.program.RunOptions;
import dev.weft.agents.program.Step;
import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.store.InMemoryStore;
import dev.weft.models.http.EndpointConfig;
import dev.weft.pipelines.program.beam.MapOutcome;
import dev.weft.pipelines.program.beam.PieceSteps;
import dev.weft.pipelines.program.beam.ProgramRunOptions;
import dev.weft.pipelines.program.beam.ProgramRunPipeline;
import dev.weft.transforms.program.MapResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.beam.sdk.options.PipelineOptionsFactory;

/**
 * One small program run twice against the stub chat server: in process ({@link ProgramRunner}) and as {@link
 * ProgramRunPipeline} on the runner the given options name (a session cluster in FlinkSessionClusterTest), its
 * results staged under a {@code file://} URI (the Beam FileSystem the TaskManagers write to) and finished on the
 * driver as the api facade does. The answers are then compared by the caller.
 */
public final class ProgramClusterRun {
  static final String PROGRAM = """
      {"name": "lengths", "steps": [
        {"op": "map", "from": "input", "as": "m", "instruction": "How long is it?"},
        {"op": "reduce", "from": "m", "as": "r", "query": "[.[] | {address, result}]"},
        {"op": "answer", "from": "r"}]}""";

  /** The in-process answer, the cluster's, and the files the cluster staged in the result store. */
  public record Answers(String inProcess, String cluster, List<String> staged) {}

  private ProgramClusterRun() {}

  public static Answers run(Path tmp, List<String> runnerArgs) throws IOException, InterruptedException {
    Path dataset = tmp.resolve("pieces.jsonl");
    List<Piece> pieces = new ArrayList<>();
    StringBuilder lines = new StringBuilder();
    for (int i = 1; i <= 5; i++) {
      String text = "piece " + i + " " + "x".repeat(i * 3);
      lines.append("{\"id\": \"r").append(i).append("\", \"text\": \"").append(text).append("\"}\n");
      pieces.add(new Piece("r" + i, text));
    }
    Files.writeString(dataset, lines);
    Plan plan = ProgramCompiler.compileText(PROGRAM, name -> false).planOrThrow();
    Step.Map map = plan.map().orElseThrow();
    Path results = Files.createDirectories(tmp.resolve("shared-results"));

    try (StubChatServer stub = new StubChatServer()) {
      stub.replies(request -> StubReply.text("len " + request.userMessage().length()));
      ChatSubcall subcall = new ChatSubcall(EndpointConfig.of(stub.baseUrl(), "stub-model")
          .withTimeout(Duration.ofSeconds(60)));
      String inProcess = new ProgramRunner(new SlotEnvironment(new InMemoryStore()), subcall, RunOptions.defaults())
          .run(plan, pieces, new CancelSignal(), MapProgress.Listener.none()).answerPreview();

      List<String> args = new ArrayList<>(runnerArgs);
      args.addAll(List.of("--source=" + dataset, "--sourceKind=dataset", "--results=" + results.toUri(),
          "--output=" + tmp.resolve("out"), "--maxConcurrent=2"));
      ProgramRunOptions options = PipelineOptionsFactory.fromArgs(args.toArray(String[]::new)).withValidation()
          .as(ProgramRunOptions.class);
      MapOutcome outcome = ProgramRunPipeline.run(options, PieceSteps.NONE,
          new ProgramRunPipeline.MapStep(map.instruction(), map.outputSchema(), map.maxSubcalls()),
          plan.fingerprint(), subcall, AddressOrder.INSTANCE);
      List<JsonNode> asInProcess = outcome.results().stream().map(MapResult::asPieceResult).toList();
      String cluster = new ProgramRunner(new SlotEnvironment(new InMemoryStore()), subcall, RunOptions.defaults())
          .finish(plan, new ProgramRunner.MapResults(asInProcess, (int) outcome.calls(), (int) outcome.failed(),
              (int) outcome.notVisited(), 0), new CancelSignal()).answerPreview();
      try (Stream<Path> staged = Files.walk(results)) {
        return new Answers(inProcess, cluster, staged.filter(Files::isRegularFile)
            .map(p -> results.relativize(p).toString()).sorted().toList());
      }
    }
  }
}
