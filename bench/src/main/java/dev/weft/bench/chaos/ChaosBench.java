package dev.weft.bench.chaos;

import dev.weft.bench.Bench;
import dev.weft.bench.Checks;
import dev.weft.models.EmbedderSpecs;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * The crash-and-race suite (docs/chaos.md): cycles of corpus mutations, {@code index}, {@code embed-missing} and
 * {@code rollback} child processes — one of them killed with SIGKILL at a seeded moment, a rollback racing the
 * index run — while reader processes run {@code recall}, {@code get}, {@code generations} and {@code stats}
 * throughout; after every cycle the invariants are checked and counted, and at the end the index is held to a fresh
 * build of the final corpus and searched for leaked bytes. Its work directory is evidence: kept unless the run is
 * clean ({@code WorkDir.evidence}).
 */
public final class ChaosBench implements Bench {
  /**
   * @param cycles cycles to run after the initial build
   * @param seed the seed of every random choice (corpus, schedule, kill moments, readers)
   * @param keep {@code --keep} of every index run
   * @param embedder the embedder of every embedding run, e.g. {@code hash:16}
   * @param files files of the initial corpus
   * @param maxReaders reader processes at a time (1 to this, per cycle)
   * @param beamRate share of index runs on Beam's DirectRunner
   * @param raceRate share of index runs a rollback races
   * @param hammerRate share of index runs the in-process rollback hammer races
   * @param killRate share of cycles in which one writer is killed
   * @param deadline a child still running after this is killed and counted as hung
   */
  public record Options(int cycles, long seed, int keep, String embedder, int files, int maxReaders,
      double beamRate, double raceRate, double hammerRate, double killRate, Duration deadline) {
    public Options {
      Checks.atLeast("cycles", cycles, 1);
      Checks.atLeast("keep", keep, 1);
      EmbedderSpecs.parse(embedder); // a bad spec is refused here, not by the first child
      Checks.atLeast("files", files, 2);
      Checks.atLeast("readers", maxReaders, 0);
      Checks.share("beam-rate", beamRate);
      Checks.share("race-rate", raceRate);
      Checks.share("hammer-rate", hammerRate);
      Checks.share("kill-rate", killRate);
      Checks.positive("deadline", deadline);
    }
  }

  private final Options options;
  private final String cliMainClass;

  /**
   * @param cliMainClass the main class of the {@code weft} CLI the children run (on this JVM's class path): the
   *     suite tortures the real commands, which live in jobs, a module this one may not import
   */
  public ChaosBench(Options options, String cliMainClass) {
    this.options = Objects.requireNonNull(options, "options");
    this.cliMainClass = Objects.requireNonNull(cliMainClass, "cliMainClass");
  }

  @Override
  public String name() {
    return "chaos";
  }

  /** Runs the suite; returns 0 when every count is zero, else 1. */
  @Override
  public int run(Path work, PrintWriter out) {
    return new ChaosSuite(options, work, cliMainClass, out).run();
  }
}
