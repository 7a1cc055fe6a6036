package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;

/**
 * The measure of docs/benchmarks.md, "weft ask on Flink": one {@code weft ask} on Flink [local] over a
 * 100,000-record dataset with the stub model, K = 8. It takes minutes, so it runs only when asked:
 * {@code WEFT_MEASURE_ASK=1 mvn -o -B -pl jobs -am verify -Dtest=AskFlinkMeasureTest
 * -Dsurefire.failIfNoSpecifiedTests=false}; it prints the figures and holds the calls and the in-flight bound.
 */
@EnabledIfEnvironmentVariable(named = "WEFT_MEASURE_ASK", matches = "1")
class AskFlinkMeasureTest {
  static final int RECORDS = 100_000;
  static final int K = 8;
  static final String PROGRAM = """
      {"name": "tagged", "steps": [
        {"op": "map", "from": "input", "as": "tags", "instruction": "Is this record about billing? Answer yes or no.",
         "output": {"type": "object", "required": ["billing"], "properties": {"billing": {"type": "boolean"}}}},
        {"op": "reduce", "from": "tags", "as": "count",
         "query": "{billing: [.[] | select(.result.billing)] | length, failed: [.[] | select(.error)] | length}"},
        {"op": "answer", "from": "count"}]}""";

  @TempDir Path tmp;

  @Test
  void oneAskOnFlinkLocalOverOneHundredThousandRecords() throws Exception {
    Path dataset = tmp.resolve("records.jsonl");
    try (BufferedWriter out = Files.newBufferedWriter(dataset, StandardCharsets.UTF_8)) {
      for (int i = 0; i < RECORDS; i++) {
        out.write("{\"id\": \"r" + i + "\", \"title\": \"record " + i + "\", \"text\": \""
            + (i % 10 == 0 ? "an invoice for billing" : "a note about search") + " number " + i + "\"}\n");
      }
    }
    try (StubChatServer stub = new StubChatServer()) {
      stub.replies(request -> AskCliTest.isAuthoring(request) ? StubReply.text(PROGRAM)
          : StubReply.text("{\"billing\": " + request.userMessage().contains("billing") + "}"));
      long start = System.nanoTime();
      CliRun run = CliRun.of("ask", "How many records are about billing?", "--dataset", dataset.toString(),
          "--runner", "flink", "--max-concurrent", "" + K, "--work", tmp.resolve("work").toString(), "--json",
          "--quiet", "--model", "stub", "--base-url", stub.baseUrl(), "--api-key-env", "WEFT_TEST_NO_KEY");
      long wallMs = (System.nanoTime() - start) / 1_000_000;

      assertThat(run.exit()).as(run.err()).isZero();
      JsonNode json = new ObjectMapper().readTree(run.out());
      System.out.printf("weft ask on Flink [local]: %d records, K=%d: wall %d ms (run %d ms), calls %d at the stub "
          + "(%d authoring + %d sub-calls), max in flight %d, answer %s%n", RECORDS, K, wallMs,
          json.path("run").path("ms").asLong(), stub.calls(), json.path("calls").path("author").asInt(),
          json.path("calls").path("subcalls").asInt(), stub.maxInFlight(), json.path("answer").path("preview"));
      assertThat(stub.calls()).isEqualTo(RECORDS + 1);
      assertThat(json.path("calls").path("total").asInt()).isEqualTo(RECORDS + 1);
      assertThat(stub.maxInFlight()).isLessThanOrEqualTo(K);
      assertThat(json.path("answer").path("preview").asText()).contains("\"billing\" : 10000");
    }
  }
}
