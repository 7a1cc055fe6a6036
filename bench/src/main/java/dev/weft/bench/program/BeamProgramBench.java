package dev.weft.bench.program;

import dev.weft.agents.model.ChatSubcall;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.bench.Bench;
import dev.weft.bench.Checks;
import dev.weft.context.program.Subcall;
import dev.weft.models.http.EndpointConfig;
import dev.weft.models.natives.NativeLibraries;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.program.beam.MapOutcome;
import dev.weft.pipelines.program.beam.PieceSteps;
import dev.weft.pipelines.program.beam.ProgramRunOptions;
import dev.weft.pipelines.program.beam.ProgramRunPipeline;
import dev.weft.transforms.program.ResultKeys;
import dev.weft.transforms.program.StoredResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.beam.sdk.options.PipelineOptionsFactory;

/**
 * {@code weft bench program --beam}: one map of N pieces (dataset records) at K calls in flight against a model
 * with a fixed latency, on each Beam runner. Per runner: a full run (wall time against the ideal N × latency ÷ K,
 * and the mean calls in flight ÷ K over the map's window, measured at the model), then a run killed halfway (every
 * call from N/2 on dies, as a killed worker would) and a re-run that must ask only what the first left missing.
 * With a session cluster ({@code --flink-master HOST:PORT}), a full run on it too: its workers are other processes,
 * so the model there is the stub chat server in this process holding each reply for the latency, metered where it
 * answers (the cluster must reach this machine's loopback: a cluster on this machine), and no killed run.
 */
public final class BeamProgramBench implements Bench {
  private static final String FINGERPRINT = "bench";
  private static final ProgramRunPipeline.MapStep MAP = new ProgramRunPipeline.MapStep("Count the chars.", "", 0);
  private static final Duration QUIET_WAIT = Duration.ofSeconds(60);

  /**
   * @param items pieces in the map
   * @param k calls in flight at most
   * @param latency each call's latency
   * @param runners {@code direct} and/or {@code flink}
   */
  public record Options(int items, int k, Duration latency, List<String> runners, List<String> clusterArgs) {
    /** No session cluster. */
    public Options(int items, int k, Duration latency, List<String> runners) {
      this(items, k, latency, runners, List.of());
    }

    /**
     * @param clusterArgs the Beam options naming a session cluster ({@code --flinkMaster=HOST:PORT}, perhaps
     *     {@code --parallelism=N}), empty for none
     */
    public Options {
      clusterArgs = List.copyOf(clusterArgs);
      if (!clusterArgs.isEmpty() && clusterArgs.stream().noneMatch(a -> a.startsWith("--flinkMaster="))) {
        throw new IllegalArgumentException("a session cluster's options must name --flinkMaster=HOST:PORT, got: "
            + clusterArgs);
      }
      Checks.atLeast("items", items, 2);
      Checks.atLeast("max-concurrent", k, 1);
      Checks.positive("latency", latency);
      runners = List.copyOf(runners);
      for (String runner : runners) {
        if (!runner.equals("direct") && !runner.equals("flink")) {
          throw new IllegalArgumentException("runners must be direct or flink, got: " + runner);
        }
      }
    }
  }

  private final Options options;

  public BeamProgramBench(Options options) {
    this.options = options;
  }

  @Override
  public String name() {
    return "program-beam";
  }

  @Override
  public int run(Path work, PrintWriter out) throws Exception {
    NativeLibraries.prepareSnappy();
    Path dataset = dataset(work.resolve("records.jsonl"), options.items());
    double ideal = options.items() * (options.latency().toNanos() / 1e9) / options.k();
    out.printf(Locale.ROOT, "program-beam\titems %d\tK %d\tlatency %d ms\tideal %.1f s%n", options.items(),
        options.k(), options.latency().toMillis(), ideal);
    int bad = 0;
    for (String runner : options.runners()) {
      bad += full(work, dataset, runner, ideal, out);
      bad += killedAndResumed(work, dataset, runner, out);
      out.flush();
    }
    if (!options.clusterArgs().isEmpty()) {
      bad += cluster(work, dataset, ideal, out);
      out.flush();
    }
    return bad == 0 ? 0 : 1;
  }

  /** The full run on the session cluster, against the stub chat server metered as it answers. */
  private int cluster(Path work, Path dataset, double ideal, PrintWriter out) throws IOException {
    InFlightMeter meter = new InFlightMeter();
    long latencyMillis = options.latency().toMillis();
    ProgramBench.stubRepliesWithoutNagle();
    try (StubChatServer stub = new StubChatServer(Math.max(StubChatServer.DEFAULT_THREADS, options.k()))) {
      stub.recording(false).replies(request -> {
        meter.enter();
        try {
          Thread.sleep(latencyMillis);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt(); // the server is closing: the reply does not matter any more
        } finally {
          meter.exit();
        }
        return StubReply.text("ok");
      });
      ChatSubcall subcall = new ChatSubcall(EndpointConfig.of(stub.baseUrl(), "bench-model")
          .withTimeout(Duration.ofSeconds(60)), false, ChatSubcall.noWait());
      List<String> runnerArgs = new ArrayList<>(List.of("--runner=FlinkRunner"));
      runnerArgs.addAll(options.clusterArgs());
      Path results = work.resolve("cluster-full");
      long start = System.nanoTime();
      MapOutcome outcome = run(runnerArgs, dataset, results, subcall);
      long end = System.nanoTime();
      String master = options.clusterArgs().stream().filter(a -> a.startsWith("--flinkMaster="))
          .map(a -> a.substring("--flinkMaster=".length())).findFirst().orElseThrow();
      return report("cluster " + master, outcome, start, end, meter.read(), ideal, out);
    }
  }

  private int full(Path work, Path dataset, String runner, double ideal, PrintWriter out) {
    Path results = work.resolve(runner + "-full");
    reset(Long.MAX_VALUE, () -> {});
    long start = System.nanoTime();
    MapOutcome outcome = run(runner, dataset, results);
    long end = System.nanoTime();
    return report(runner, outcome, start, end, InFlightMeter.GLOBAL.read(), ideal, out);
  }

  /** One full run's line; 1 when it broke the bound or lost a piece. */
  private int report(String runner, MapOutcome outcome, long start, long end, InFlightMeter.Reading meter,
      double ideal, PrintWriter out) {
    double wall = (end - start) / 1e9;
    out.printf(Locale.ROOT, "%s\tfull\tcalls %d\twall %.1f s (%.2fx ideal)\tmap window %.1f s (%.2fx ideal)"
            + "\tbefore it %.1f s\tafter it %.1f s\tmean in flight %.2f (%.3f of K)\tmax in flight %d%n", runner,
        outcome.calls(), wall, wall / ideal, meter.windowSeconds(), meter.windowSeconds() / ideal,
        (meter.firstStart() - start) / 1e9, (end - meter.lastEnd()) / 1e9, meter.meanInFlight(),
        meter.meanInFlight() / options.k(), meter.maxInFlight());
    return meter.maxInFlight() > options.k() || outcome.results().size() != options.items() ? 1 : 0;
  }

  private int killedAndResumed(Path work, Path dataset, String runner, PrintWriter out) throws Exception {
    Path results = work.resolve(runner + "-resume");
    long killAt = options.items() / 2 + 1;
    Path store = results.resolve("store").resolve(FINGERPRINT);
    Path aside = results.resolve("store-aside");
    reset(killAt, () -> takeAway(store, aside));
    try {
      run(runner, dataset, results);
      throw new IllegalStateException("the run to be killed at call " + killAt + " finished; the bench is broken");
    } catch (RuntimeException e) {
      if (!Files.exists(aside)) {
        throw e; // failed before the crash: not the kill this bench makes
      }
    }
    awaitQuiet();
    Files.delete(store);
    Files.move(aside, store);
    long stored = stored(results);
    reset(Long.MAX_VALUE, () -> {});
    MapOutcome second = run(runner, dataset, results);
    long missing = options.items() - stored;
    out.printf(Locale.ROOT, "%s\tkilled at call %d\tstored %d\tre-run calls %d (missing %d)\treused %d%n", runner,
        killAt, stored, second.calls(), missing, second.reused());
    return second.calls() == missing && second.results().size() == options.items() ? 0 : 1;
  }

  private MapOutcome run(String runner, Path dataset, Path work) {
    return run(Runner.parseExplicit(runner).beamArgs(List.of()), dataset, work,
        new LatencySubcall(options.latency().toMillis()));
  }

  private MapOutcome run(List<String> runnerArgs, Path dataset, Path work, Subcall subcall) {
    List<String> args = new ArrayList<>(List.of("--source=" + dataset, "--sourceKind=dataset",
        "--results=" + work.resolve("store"), "--output=" + work.resolve("out"),
        "--maxConcurrent=" + options.k()));
    args.addAll(runnerArgs);
    ProgramRunOptions pipelineOptions = PipelineOptionsFactory.fromArgs(args.toArray(String[]::new))
        .withValidation().as(ProgramRunOptions.class);
    return ProgramRunPipeline.run(pipelineOptions, PieceSteps.NONE, MAP, FINGERPRINT, subcall, new Natural());
  }

  private static void reset(long crashFrom, Runnable atCrash) {
    InFlightMeter.GLOBAL.reset();
    LatencySubcall.crashFrom(crashFrom, atCrash);
  }

  /** The crash: the store's directory moved aside and a file in its place, so every later result's write fails. */
  private static void takeAway(Path store, Path aside) {
    try {
      Files.move(store, aside);
      Files.writeString(store, "not a directory: the bench killed the run here");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot take the result store " + store + " away", e);
    }
  }

  /** A failed run's other lanes stop at their next call: waits (bounded) until none is in flight. */
  private static void awaitQuiet() throws InterruptedException {
    long deadline = System.nanoTime() + QUIET_WAIT.toNanos();
    int quietChecks = 0;
    while (quietChecks < 3) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("calls of the killed run were still in flight after " + QUIET_WAIT);
      }
      quietChecks = InFlightMeter.GLOBAL.inFlight() == 0 ? quietChecks + 1 : 0;
      Thread.sleep(100);
    }
  }

  private static long stored(Path work) throws IOException {
    Path dir = work.resolve("store").resolve(FINGERPRINT);
    // done = a stored reply; a stored failure is asked again on the re-run (retryFailed)
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().endsWith(ResultKeys.SUFFIX))
          .filter(f -> StoredResult.parse(read(f)).filter(r -> !r.result().failed()).isPresent())
          .count();
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the stored result " + file, e);
    }
  }

  private static Path dataset(Path file, int items) throws IOException {
    List<String> lines = new ArrayList<>(items);
    for (int i = 0; i < items; i++) {
      lines.add("{\"id\":\"r" + i + "\",\"text\":\"record " + i + " of the bench\"}");
    }
    return Files.write(file, lines);
  }

  /** Address order for the bench's ids (no cap is applied, so any total order serves). */
  private static final class Natural implements Comparator<String>, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public int compare(String a, String b) {
      return a.compareTo(b);
    }
  }
}
