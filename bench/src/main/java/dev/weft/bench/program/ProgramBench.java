package dev.weft.bench.program;

import dev.weft.agents.model.ChatSubcall;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.program.MapProgress;
import dev.weft.agents.program.Piece;
import dev.weft.agents.program.Plan;
import dev.weft.agents.program.ProgramCompiler;
import dev.weft.agents.program.ProgramRunner;
import dev.weft.agents.program.RunOptions;
import dev.weft.agents.program.RunResult;
import dev.weft.bench.Bench;
import dev.weft.bench.Checks;
import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.MaxConcurrent;
import dev.weft.context.program.Subcall;
import dev.weft.context.store.InMemoryStore;
import dev.weft.models.http.EndpointConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code weft bench program}, in-process part: one map of {@code calls} sub-calls, each taking {@code latency},
 * run at each concurrency; the map step's wall time at each (the fan-out: first call to last result) and the
 * whole run's (slot writes, the reduce and the answer too), best of {@code rounds} after {@code warmups} untimed
 * runs, and the speed-up of the map over the first concurrency against its target (ideal: the ratio of the
 * concurrencies). By default the sub-calls go over real HTTP through {@link ChatSubcall} to the stub chat server
 * holding each reply for the latency; {@code simulated} skips HTTP ({@link LatencySubcall}). docs/benchmarks.md.
 */
public final class ProgramBench implements Bench {
  /** 40 calls at concurrency 4: at least 3.95x of concurrency 1 (ideal 4.0x). */
  public static final double TARGET_SPEEDUP = 3.95;

  static final String PROGRAM = """
      {"name": "bench", "steps": [
        {"op": "map", "from": "input", "as": "m", "instruction": "Answer the piece's address."},
        {"op": "reduce", "from": "m", "as": "n", "query": "[.[] | select(.result)] | length"},
        {"op": "answer", "from": "n"}]}""";

  /**
   * @param calls sub-calls in the map (one per piece)
   * @param latency each sub-call's latency
   * @param concurrency the in-flight limits to run, the first the baseline of the speed-up
   * @param rounds timed runs per limit (the best is reported)
   * @param warmups untimed runs first, at the widest limit (class loading, JIT, connections)
   */
  public record Options(int calls, Duration latency, List<Integer> concurrency, int rounds, int warmups) {
    public Options {
      Checks.atLeast("calls", calls, 1);
      Checks.positive("latency", latency);
      concurrency = List.copyOf(concurrency);
      Checks.atLeast("concurrency values", concurrency.size(), 1);
      for (int k : concurrency) {
        Checks.atLeast("concurrency", k, 1);
        if (k > MaxConcurrent.MAX) {
          throw new IllegalArgumentException("concurrency must be at most " + MaxConcurrent.MAX + ", got: "
              + k);
        }
      }
      Checks.atLeast("rounds", rounds, 1);
      Checks.atLeast("warmups", warmups, 0);
    }
  }

  private final Options options;

  /**
   * The JDK's HttpServer writes a reply's headers and body as two segments; with Nagle's algorithm on, the body
   * waits for the client's delayed ACK (~40 ms a call on Linux), which would swamp a 20 to 50 ms latency. Read once,
   * when the JVM's first HttpServer starts, so call it before the stub's.
   */
  static void stubRepliesWithoutNagle() {
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  /** How the sub-calls are answered. */
  public enum Transport {
    /** Over HTTP through {@link ChatSubcall} to the stub chat server (loopback), which holds each reply. */
    STUB,
    /** In process: {@link LatencySubcall} waits the latency. */
    SIMULATED
  }

  private final Transport transport;

  public ProgramBench(Options options, Transport transport) {
    this.options = options;
    this.transport = transport;
  }

  @Override
  public String name() {
    return "program";
  }

  @Override
  public int run(Path work, PrintWriter out) throws Exception {
    Plan plan = ProgramCompiler.compileText(PROGRAM, name -> false).planOrThrow();
    List<Piece> pieces = new ArrayList<>();
    for (int i = 0; i < options.calls(); i++) {
      pieces.add(new Piece(String.format(Locale.ROOT, "piece-%05d", i), "text of piece " + i));
    }
    if (transport == Transport.SIMULATED) {
      return measure(plan, pieces, new LatencySubcall(options.latency().toMillis()), out);
    }
    stubRepliesWithoutNagle();
    try (StubChatServer stub = new StubChatServer()) {
      stub.latency(options.latency()).recording(false);
      return measure(plan, pieces, new ChatSubcall(EndpointConfig.of(stub.baseUrl(), "stub")), out);
    }
  }

  private int measure(Plan plan, List<Piece> pieces, Subcall subcall, PrintWriter out) throws Exception {
    String name = transport.name().toLowerCase(Locale.ROOT);
    int widest = options.concurrency().stream().mapToInt(Integer::intValue).max().orElseThrow();
    for (int i = 0; i < options.warmups(); i++) {
      once(plan, pieces, subcall, widest);
    }
    Map<Integer, RunResult> best = new LinkedHashMap<>();
    for (int k : options.concurrency()) {
      for (int round = 0; round < options.rounds(); round++) {
        RunResult result = once(plan, pieces, subcall, k);
        if (!best.containsKey(k) || mapMs(result) < mapMs(best.get(k))) {
          best.put(k, result);
        }
      }
      RunResult r = best.get(k);
      double ideal = Math.ceil(options.calls() / (double) k) * options.latency().toMillis();
      out.printf(Locale.ROOT, "program-inprocess\t%s\t%d calls\t%d ms latency\tk=%d\tmap %d ms\tideal %.0f ms"
              + "\trun %d ms\tpeak %d in flight\t%d failed\tanswer %s%n", name, options.calls(),
          options.latency().toMillis(), k, mapMs(r), ideal, r.ms(), r.concurrency().peak(), r.failed(),
          r.answerPreview());
    }
    int base = options.concurrency().get(0);
    for (int k : options.concurrency()) {
      if (k == base) {
        continue;
      }
      double speedup = mapMs(best.get(base)) / (double) Math.max(1, mapMs(best.get(k)));
      String target = base == 1 && k == 4 && options.calls() == 40
          ? String.format(Locale.ROOT, "target %.2fx: %s", TARGET_SPEEDUP, speedup >= TARGET_SPEEDUP ? "met" : "missed")
          : "ideal " + k / base + "x";
      out.printf(Locale.ROOT, "program-speedup\tk=%d over k=%d\t%.2fx\t%s%n", k, base, speedup, target);
    }
    out.flush();
    return 0;
  }

  private static long mapMs(RunResult result) {
    return result.steps().stream().filter(s -> s.op().equals("map")).findFirst().orElseThrow().ms();
  }

  private static RunResult once(Plan plan, List<Piece> pieces, Subcall subcall, int k) throws InterruptedException {
    RunResult result = new ProgramRunner(new SlotEnvironment(new InMemoryStore()), subcall,
        RunOptions.defaults().withMaxConcurrent(k)).run(plan, pieces, new CancelSignal(), MapProgress.Listener.none());
    if (result.failed() > 0) {
      throw new IllegalStateException("the bench's map had " + result.failed() + " failed sub-calls of "
          + result.subcalls() + "; check the endpoint (a bench measures only runs that succeed)");
    }
    return result;
  }
}
