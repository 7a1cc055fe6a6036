package dev.weft.pipelines.program;

import dev.weft.agents.model.ChatSubcall;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.program.AddressOrder;
import dev.weft.models.http.EndpointConfig;
import dev.weft.pipelines.cluster.FlinkSessionCluster;
import dev.weft.pipelines.program.beam.PieceSteps;
import dev.weft.pipelines.program.beam.ProgramRunOptions;
import dev.weft.pipelines.program.beam.ProgramRunPipeline;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Measures what network memory a program job needs on one TaskManager of 4 slots: for each size in
 * {@code -Dweft.measure.networkMb=32,64,...} a cluster with that much, and the job at parallelism 1, 2 and 4; prints
 * ran or the failure's root message; {@code -Dweft.measure.flinkConf=key=value;...} adds Flink configuration (e.g.
 * {@code taskmanager.network.sort-shuffle.min-buffers=64}). Off unless {@code -Dweft.measure.networkMb} is given (a
 * cluster per size): {@code mvn -o -pl pipelines -am verify -Dtest=ProgramNetworkMemoryMeasure
 * -Dweft.measure.networkMb=64,128 -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@EnabledIfSystemProperty(named = "weft.measure.networkMb", matches = "[0-9,]+")
class ProgramNetworkMemoryMeasure {
  @TempDir Path tmp;

  /** {@code -Dweft.measure.flinkConf=key=value;key=value}: more Flink configuration for every cluster. */
  private static Map<String, String> more() {
    Map<String, String> more = new TreeMap<>();
    for (String pair : System.getProperty("weft.measure.flinkConf", "").split(";")) {
      if (!pair.isBlank()) {
        String[] kv = pair.split("=", 2);
        more.put(kv[0].trim(), kv[1].trim());
      }
    }
    return more;
  }

  @Test
  void measure() throws Exception {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      lines.add("{\"id\":\"r-" + i + "\",\"text\":\"piece " + i + "\"}");
    }
    Path dataset = Files.write(tmp.resolve("records.jsonl"), lines);
    for (String size : System.getProperty("weft.measure.networkMb").split(",")) {
      int mb = Integer.parseInt(size);
      try (FlinkSessionCluster cluster = FlinkSessionCluster.start(tmp.resolve("flink-" + mb), 1, 4, mb, more(),
          Duration.ofSeconds(180)); StubChatServer stub = new StubChatServer()) {
        stub.replies(request -> StubReply.text("ok"));
        for (int p : Arrays.stream(System.getProperty("weft.measure.parallelism", "1,2,4").split(","))
            .mapToInt(Integer::parseInt).toArray()) {
          Path work = tmp.resolve(mb + "-" + p);
          List<String> args = List.of("--runner=FlinkRunner", "--flinkMaster=" + cluster.master(),
              "--filesToStage=" + FlinkSessionCluster.emptyJar(tmp), "--parallelism=" + p, "--source=" + dataset,
              "--sourceKind=dataset", "--results=" + work.resolve("results").toUri(),
              "--output=" + work.resolve("out"), "--maxConcurrent=8");
          ProgramRunOptions options = PipelineOptionsFactory.fromArgs(args.toArray(String[]::new))
              .withValidation().as(ProgramRunOptions.class);
          String outcome;
          try {
            outcome = "ran, " + ProgramRunPipeline.run(options, PieceSteps.NONE,
                new ProgramRunPipeline.MapStep("Say it.", "", 0), "fp", new ChatSubcall(EndpointConfig.of(
                    stub.baseUrl(), "stub").withTimeout(Duration.ofSeconds(60)), false, ChatSubcall.noWait()),
                AddressOrder.INSTANCE).results().size() + " results";
          } catch (RuntimeException e) {
            outcome = "failed: " + e.getMessage();
          }
          System.out.println("MEASURE network " + mb + " MB " + more() + ", parallelism " + p + ": " + outcome);
        }
      }
    }
  }
}
