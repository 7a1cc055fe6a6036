package dev.weft.agents.program;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.agents.model.ChatSubcall;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubFault;
import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.store.InMemoryStore;
import dev.weft.models.http.EndpointConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The runner against the stub chat server over real HTTP, through ChatSubcall: faults, and the in-flight bound. */
class ProgramStubTest {
  private static final String MAP_ALL = """
      {"steps": [{"op": "map", "from": "input", "as": "m", "instruction": "Repeat the text."},
                 {"op": "answer", "from": "m"}]}""";

  private static List<Piece> pieces(int n) {
    List<Piece> pieces = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      pieces.add(new Piece("p" + i, "piece " + i));
    }
    return pieces;
  }

  private static RunResult run(StubChatServer stub, EndpointConfig config, int k, int n) throws Exception {
    Plan plan = ProgramCompiler.compileText(MAP_ALL, name -> false).planOrThrow();
    SlotEnvironment env = new SlotEnvironment(new InMemoryStore());
    return new ProgramRunner(env, new ChatSubcall(config), RunOptions.defaults().withMaxConcurrent(k))
        .run(plan, pieces(n), new CancelSignal(), MapProgress.Listener.none());
  }

  @Test
  void aMapUnderTimeouts429s500sAndMalformedRepliesCompletesWithEachFailureRecorded() throws Exception {
    try (StubChatServer stub = new StubChatServer()) {
      stub.failNext(StubFault.stall(), StubFault.rateLimited(1), StubFault.serverError(), StubFault.malformed());
      EndpointConfig config = EndpointConfig.of(stub.baseUrl(), "stub").withMaxRetries(0)
          .withTimeout(Duration.ofSeconds(2));

      RunResult result = run(stub, config, 1, 6);

      assertThat(result.ok()).isTrue();
      assertThat(result.subcalls()).isEqualTo(6);
      assertThat(result.failed()).isEqualTo(4);
      Map<String, Integer> reasons = new TreeMap<>();
      for (com.fasterxml.jackson.databind.JsonNode r : CanonicalJson.parse(result.readAnswer(0, 65_536))) {
        reasons.merge(r.has("error") ? r.at("/error/reason").asText() : "ok", 1, Integer::sum);
      }
      assertThat(reasons).containsExactlyEntriesOf(new TreeMap<>(Map.of("MALFORMED_REPLY", 1, "RATE_LIMITED", 1,
          "SERVER_ERROR", 1, "TIMEOUT", 1, "ok", 2)));
    }
  }

  @Test
  void theStubNeverSeesMoreThanKCallsInFlight() throws Exception {
    try (StubChatServer stub = new StubChatServer()) {
      stub.latency(Duration.ofMillis(20)).recording(false);

      RunResult result = run(stub, EndpointConfig.of(stub.baseUrl(), "stub"), 3, 24);

      assertThat(stub.calls()).isEqualTo(24);
      assertThat(stub.maxInFlight()).isBetween(1, 3);
      assertThat(result.concurrency().peak()).isBetween(1, 3);
      assertThat(result.failed()).isZero();
    }
  }

  @Test
  void aCancelAbortsTheHttpCallsInFlightAndStartsNoMore() throws Exception {
    try (StubChatServer stub = new StubChatServer()) {
      stub.failEvery(1, StubFault.hang());
      Plan plan = ProgramCompiler.compileText(MAP_ALL, name -> false).planOrThrow();
      CancelSignal cancel = new CancelSignal();
      SlotEnvironment env = new SlotEnvironment(new InMemoryStore());
      ProgramRunner runner = new ProgramRunner(env,
          new ChatSubcall(EndpointConfig.of(stub.baseUrl(), "stub").withMaxRetries(0)
              .withTimeout(Duration.ofSeconds(60))), RunOptions.defaults().withMaxConcurrent(2));
      ExecutorService driver = Executors.newSingleThreadExecutor();
      try {
        Future<RunResult> run = driver.submit(() -> runner.run(plan, pieces(10), cancel, MapProgress.Listener.none()));
        stub.awaitInFlightAtLeast(2);
        cancel.cancel();
        RunResult result = run.get(30, TimeUnit.SECONDS);

        assertThat(result.ok()).isFalse();
        assertThat(result.subcalls()).isEqualTo(2);
        assertThat(result.failed()).isEqualTo(2);
        assertThat(result.unvisited()).isEqualTo(8);
        assertThat(stub.calls()).isEqualTo(2);
        // aborted by the cancel, not by the 60 s call deadline (the run returned within 30 s)
        assertThat(CanonicalJson.parse(env.read("m", (int) env.stat("m").chars(), 0)).findValuesAsText("reason"))
            .containsExactly("CANCELLED", "CANCELLED");
      } finally {
        driver.shutdownNow();
      }
    }
  }
}
