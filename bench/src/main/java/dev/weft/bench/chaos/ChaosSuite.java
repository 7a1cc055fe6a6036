package dev.weft.bench.chaos;

import dev.weft.context.IndexLocation;
import dev.weft.context.error.StorageFailureException;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.index.CorpusIndex;
import dev.weft.bench.chaos.GenerationLedger.Kind;
import dev.weft.bench.chaos.GenerationLedger.Writer;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

/**
 * One run of the crash-and-race suite ({@link ChaosBench}) in its work directory: the corpus, the index, the
 * children's logs, tmpdir and natives cache, and the fresh index the final state is held to.
 */
final class ChaosSuite {
  // how long each kind of writer usually takes, so kill moments spread over its whole run (updated as runs finish)
  private final Map<String, Long> typicalMillis = new HashMap<>(Map.of("index", 6000L, "index-direct", 15000L,
      "embed-missing", 3000L, "rollback", 1200L));
  private final ChaosBench.Options options;
  private final Path work;
  private final PrintWriter out;
  private final Random random;
  private final ChaosTally tally = new ChaosTally();
  private final GenerationLedger ledger;
  private final Path indexDir;
  private final Path tmpDir;
  private final Path cacheDir;
  private final WeftChildren children;
  private final ChaosCorpus corpus;
  private final long started = System.nanoTime();

  ChaosSuite(ChaosBench.Options options, Path work, String cliMainClass, PrintWriter out) {
    this.options = options;
    this.work = work;
    this.out = out;
    this.random = new Random(options.seed());
    this.ledger = new GenerationLedger(Math.min(options.keep(), DEFAULT_KEEP));
    this.indexDir = work.resolve("index");
    this.tmpDir = work.resolve("tmp");
    this.cacheDir = work.resolve("cache");
    this.children = new WeftChildren(cliMainClass, tmpDir, cacheDir, work.resolve("logs"), options.deadline());
    this.corpus = new ChaosCorpus(work.resolve("corpus"), random);
  }

  // embed-missing publishes with the default keep whatever the suite's --keep, so it may prune down to this
  private static final int DEFAULT_KEEP = GenerationManifest.DEFAULT_KEEP_GENERATIONS;

  /** Runs the suite; returns the exit code: 0 when every count is zero, else 1. */
  int run() {
    for (Path dir : List.of(work.resolve("logs"), tmpDir, cacheDir, corpus.root())) {
      createDirectories(dir);
    }
    out.printf("chaos: seed %d, %d cycles, keep %d, embedder %s, work %s%n", options.seed(), options.cycles(),
        options.keep(), options.embedder(), work);
    corpus.create(options.files());
    ChildResult first = children.run(indexArgs(List.of("--embedder", options.embedder())));
    if (!first.ok()) {
      throw new IllegalStateException("the initial build failed, so there is nothing to torture: " + first.summary()
          + ": " + first.firstErrLine() + "; its output is under " + work.resolve("logs"));
    }
    check(0, List.of(new Writer(1, Kind.PUBLISH, first, -1)), first, List.of());
    for (int cycle = 1; cycle <= options.cycles(); cycle++) {
      cycle(cycle);
    }
    settle();
    out.println(tally.table());
    out.printf("chaos: seed %d, %.1f s; reproduce with: weft bench chaos --seed %d --cycles %d --keep-generations %d "
        + "--embedder %s --files %d --readers %d --beam-rate %s --race-rate %s --hammer-rate %s --kill-rate %s%n",
        options.seed(),
        (System.nanoTime() - started) / 1e9, options.seed(), options.cycles(), options.keep(), options.embedder(),
        options.files(), options.maxReaders(), options.beamRate(), options.raceRate(), options.hammerRate(),
        options.killRate());
    out.flush();
    return tally.clean() ? 0 : 1;
  }

  private void cycle(int cycle) {
    String mutation = corpus.mutate();
    List<String> files = corpus.files();
    List<ReaderLoop> readers = new ArrayList<>();
    int readerCount = options.maxReaders() == 0 ? 0 : 1 + random.nextInt(options.maxReaders());
    out.printf("cycle %d: corpus %s (%d files), %d reader(s)%n", cycle, mutation, files.size(), readerCount);
    for (int i = 0; i < readerCount; i++) {
      ReaderLoop reader = new ReaderLoop(children, indexDir.toString(), files, options.seed() * 1_000_003L
          + cycle * 31L + i);
      reader.start("chaos-reader-" + i);
      readers.add(reader);
    }
    CycleSchedule plan = CycleSchedule.draw(random, options, rollbackTargets());
    List<Writer> writers = new ArrayList<>();
    // phase 1: the index run, a rollback perhaps racing it
    List<Long> targets = rollbackTargets();
    long servedBefore = servedNow();
    WeftChildren.Running index = children.start(indexArgs(plan.indexArgs()));
    Thread hammerThread = null;
    RollbackHammer hammer = null;
    // drawn whenever the plan has a hammer, so the number of draws never depends on what the index holds
    long hammerTarget = plan.hammer() ? CycleSchedule.target(random, targets) : -1;
    if (plan.hammer() && !targets.contains(servedBefore)) {
      // a tight in-process race: flips CURRENT until the index run holds its lock
      hammer = new RollbackHammer(indexDir, servedBefore, hammerTarget, millis -> !index.waitFor(millis));
      hammerThread = new Thread(hammer, "chaos-hammer");
      hammerThread.start();
    }
    WeftChildren.Running racing = null;
    if (plan.racingRollback() >= 0 && hammer == null) {
      index.waitFor(plan.raceAtFraction(typical(plan.indexKey())));
      racing = children.start(rollbackArgs(plan.racingRollback()));
    }
    // a racing rollback that is to be killed is ended first: waiting for the index run would let it finish
    boolean killRacing = plan.victim() == CycleSchedule.Victim.RACING_ROLLBACK && racing != null;
    ChildResult racingResult = killRacing ? end(racing, true, plan, "rollback") : null;
    ChildResult indexResult = end(index, plan.victim() == CycleSchedule.Victim.INDEX, plan, plan.indexKey());
    writers.add(new Writer(1, Kind.PUBLISH, indexResult, -1));
    if (racing != null) {
      ChildResult r = killRacing ? racingResult : end(racing, false, plan, "rollback");
      writers.add(new Writer(1, Kind.ROLLBACK, r, plan.racingRollback()));
    }
    if (hammer != null) {
      writers.addAll(hammered(hammerThread, hammer));
    }
    // phase 2 and 3: embed-missing, then a rollback on its own
    if (plan.embedMissing()) {
      ChildResult r = end(children.start(List.of("embed-missing", "--embedder", options.embedder(), "--index",
          indexDir.toString())), plan.victim() == CycleSchedule.Victim.EMBED_MISSING, plan, "embed-missing");
      writers.add(new Writer(2, Kind.PUBLISH, r, -1));
    }
    if (plan.rollback()) {
      long target = CycleSchedule.target(random, rollbackTargets());
      ChildResult r = end(children.start(rollbackArgs(target)), plan.victim() == CycleSchedule.Victim.ROLLBACK, plan,
          "rollback");
      writers.add(new Writer(3, Kind.ROLLBACK, r, target));
    }
    List<ChildResult> reads = new ArrayList<>();
    readers.forEach(reader -> reads.addAll(reader.stopAndCollect()));
    reads(reads);
    check(cycle, writers, indexResult, reads.stream().flatMap(r -> r.seenServed().stream()).toList());
  }

  /** Waits for the hammer and turns what it served into writers of phase 1 for the ledger. */
  private List<Writer> hammered(Thread thread, RollbackHammer hammer) {
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the rollback hammer", e);
    }
    RollbackHammer.Outcome outcome = hammer.outcome();
    out.println("  rollback hammer: " + outcome.flips() + " flip(s) between " + outcome.served()
        + " while the index run ran" + (outcome.failure() == null ? "" : "  WRITER FAILED: "
        + outcome.failure()));
    if (outcome.failure() != null) {
      tally.writersFailed++;
    }
    List<Writer> writers = new ArrayList<>();
    for (long generation : outcome.served()) {
      // each target it served at least once is one acknowledged rollback, in any order with the index run
      writers.add(new Writer(1, Kind.ROLLBACK, new ChildResult(List.of("rollback", "" + generation), 0, false, false,
          "serving generation " + generation + "\n", "", 0), generation));
    }
    return writers;
  }

  private ChildResult end(WeftChildren.Running child, boolean victim, CycleSchedule plan, String key) {
    ChildResult result = victim ? child.killAt(plan.killAtFraction(typical(key))) : child.await();
    tally.writes++;
    if (result.killed()) {
      tally.kills++;
    }
    if (result.hung()) {
      tally.hangs++;
    }
    if (result.ok()) {
      // a running mean, so the kill moments follow what runs take on this machine now
      typicalMillis.merge(key, result.millis(), (old, now) -> (old * 3 + now) / 4);
    }
    if (result.writerFailed()) {
      tally.writersFailed++;
    }
    out.println("  " + brief(result) + (result.writerFailed() ? "  WRITER FAILED: " + result.firstErrLine() : ""));
    return result;
  }

  private void reads(List<ChildResult> reads) {
    tally.reads += reads.size();
    int failed = 0;
    for (ChildResult r : reads) {
      if (r.hung()) {
        tally.hangs++;
      }
      if (r.readerFailed()) {
        failed++;
        out.println("  READER FAILED: " + brief(r) + ": " + r.firstErrLine());
      }
    }
    tally.readersFailed += failed;
    out.printf("  %d read(s), %d failed%n", reads.size(), failed);
  }

  /** The invariants after a cycle: CheckIndex, the ledger, and a fresh index run's generation against the corpus. */
  private void check(int cycle, List<Writer> writers, ChildResult indexRun, List<Long> seen) {
    CommitChecks.Report commits = CommitChecks.check(indexDir);
    tally.checkIndexFailures += commits.failures().size();
    commits.failures().forEach(f -> out.println("  CHECKINDEX: " + f));
    GenerationLedger.Verdict verdict = ledger.endCycle(writers, commits.listed(), commits.served(), seen);
    tally.acknowledgedLost += verdict.lost().size();
    if (verdict.unexpectedServed()) {
      tally.servedUnexplained++;
    }
    tally.servedUnexplained += verdict.unexpectedSeen().size();
    if (!verdict.clean()) {
      out.println("  LEDGER: " + verdict.reason());
    }
    List<Long> printed = indexRun.printedGenerations();
    if (indexRun.ok() && !printed.isEmpty() && printed.get(printed.size() - 1) == commits.served()) {
      List<String> stale;
      try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
        stale = IndexContents.outOfSync(index.fileStates(), corpus.root(), corpus.files(), 5);
      }
      if (!stale.isEmpty()) {
        tally.stalePublished++;
        out.println("  STALE: generation " + commits.served() + " was published by " + brief(indexRun)
            + " but: " + String.join("; ", stale));
      }
    }
    tally.cycles = cycle;
    out.printf("  cycle %d: serving %d, kept %s (%.0f s)%n", cycle, commits.served(), commits.listed(),
        (System.nanoTime() - started) / 1e9);
    out.flush();
  }

  /** The end: one more clean run, then the final index against a fresh build, and the leak scan. */
  private void settle() {
    corpus.mutate();
    corpus.editOne(); // so the last run surely writes, and its writer cleans what killed runs left
    out.println("settle: a last index run, then a fresh build of the final corpus to compare with");
    ChildResult last = end(children.start(indexArgs(List.of("--embedder", options.embedder()))), false, null,
        "index");
    check(options.cycles(), List.of(new Writer(1, Kind.PUBLISH, last, -1)), last, List.of());
    Path fresh = work.resolve("fresh-index");
    ChildResult freshRun = children.run(List.of("index", corpus.root().toString(), "--index", fresh.toString(),
        "--embedder", options.embedder(), "--quiet"));
    if (!freshRun.ok()) {
      throw new IllegalStateException("the fresh build to compare with failed: " + freshRun.summary() + ": "
          + freshRun.firstErrLine() + "; its output is under " + work.resolve("logs"));
    }
    List<String> differences = IndexContents.of(indexDir).differencesFrom(IndexContents.of(fresh), 20);
    tally.finalDifferences = differences.size();
    differences.forEach(d -> out.println("  FINAL: " + d));
    CommitChecks.Report commits = CommitChecks.check(indexDir);
    List<LeakScan.Leak> leaks = LeakScan.scan(indexDir, commits.listed(), commits.referencedFiles(), tmpDir,
        cacheDir);
    tally.leaks = leaks.size();
    tally.leakedBytes = LeakScan.bytes(leaks);
    leaks.forEach(l -> out.println("  LEAK: " + l.path() + " (" + l.bytes() + " bytes): " + l.why()));
  }

  private List<String> indexArgs(List<String> extra) {
    List<String> args = new ArrayList<>(List.of("index", corpus.root().toString(), "--index", indexDir.toString(),
        "--keep-generations", "" + options.keep(), "--quiet"));
    args.addAll(extra);
    return args;
  }

  private List<String> rollbackArgs(long target) {
    return List.of("rollback", "" + target, "--index", indexDir.toString());
  }

  private long typical(String key) {
    return typicalMillis.get(key);
  }

  /**
   * Kept generations other than the served one (a rollback to the served one moves nothing, so it would race
   * nothing), from the manifest names and CURRENT; the served one alone when nothing else is kept.
   */
  private long servedNow() {
    try {
      return Long.parseLong(Files.readString(indexDir.resolve("CURRENT")).strip());
    } catch (IOException e) {
      throw new StorageFailureException(indexDir, "cannot read CURRENT of " + indexDir, e);
    }
  }

  private List<Long> rollbackTargets() {
    List<Long> kept;
    String served;
    try (Stream<Path> files = Files.list(indexDir.resolve("generations"))) {
      kept = files.map(f -> f.getFileName().toString()).filter(n -> n.matches("\\d+\\.json"))
          .map(n -> Long.parseLong(n.substring(0, n.length() - ".json".length()))).sorted().toList();
      served = Files.readString(indexDir.resolve("CURRENT")).strip();
    } catch (IOException e) {
      throw new StorageFailureException(indexDir, "cannot list the generations of " + indexDir, e);
    }
    List<Long> others = kept.stream().filter(g -> !served.equals("" + g)).toList();
    return others.isEmpty() ? kept : others;
  }

  private static String brief(ChildResult r) {
    // the index and corpus paths are the same for every child: leave them out of the log
    String how = r.hung() ? "HUNG" : r.killed() ? "KILLED" : "exit " + r.exit();
    List<String> shown = new ArrayList<>();
    for (int i = 0; i < r.args().size(); i++) {
      String a = r.args().get(i);
      if (a.equals("--index") || a.equals("--quiet")) {
        i += a.equals("--index") ? 1 : 0;
      } else if (!(i == 1 && r.args().get(0).equals("index"))) {
        shown.add(a);
      }
    }
    List<Long> printed = r.printedGenerations();
    return String.join(" ", shown) + " -> " + how + " at " + r.millis() + " ms"
        + (printed.isEmpty() ? "" : ", published " + printed)
        + (r.servingGeneration().map(g -> ", serving " + g).orElse(""));
  }

  private static void createDirectories(Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new StorageFailureException(dir, "cannot create " + dir + "; check the --work directory", e);
    }
  }
}
