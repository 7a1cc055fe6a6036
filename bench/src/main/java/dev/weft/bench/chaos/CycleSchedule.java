package dev.weft.bench.chaos;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * One cycle's writers, drawn from the suite's seeded stream in a fixed order (so a seed replays the same
 * schedule): the index run's flags, whether a rollback races it and when, whether {@code embed-missing} and a
 * standalone rollback follow, which writer (if any) is killed, and at what fraction of its usual duration.
 *
 * @param indexArgs the index run's flags beyond root, index, keep and quiet
 * @param indexKey "index" or "index-direct" (Beam), whose usual duration the kill moment scales
 * @param racingRollback the generation a rollback racing the index run asks for, or -1 for none
 * @param raceFraction when the racing rollback starts, as a fraction of the index run's usual duration
 * @param embedMissing whether {@code embed-missing} runs after the index run
 * @param rollback whether a rollback runs on its own last (its target is drawn when it starts)
 * @param victim the writer killed with SIGKILL
 * @param hammer whether the in-process {@link RollbackHammer} races the index run (instead of a rollback process)
 * @param killFraction when, as a fraction of the victim's usual duration (above 1: often it has finished); half
 *     of the draws are near the end of the run (0.75–1.05), where it commits and publishes
 */
record CycleSchedule(List<String> indexArgs, String indexKey, long racingRollback, double raceFraction,
    boolean embedMissing, boolean rollback, Victim victim, double killFraction, boolean hammer) {
  enum Victim { NONE, INDEX, RACING_ROLLBACK, EMBED_MISSING, ROLLBACK }

  static CycleSchedule draw(Random random, ChaosBench.Options options, List<Long> rollbackTargets) {
    List<String> args = new ArrayList<>();
    double variant = random.nextDouble();
    if (variant >= 0.3) {
      args.addAll(List.of("--embedder", options.embedder()));
    }
    if (variant >= 0.85) {
      args.add("--force");
    }
    boolean beam = random.nextDouble() < options.beamRate();
    if (beam) {
      args.addAll(List.of("--runner", "direct"));
    } else {
      args.addAll(List.of("--runner", "inprocess"));
    }
    boolean hammer = random.nextDouble() < options.hammerRate();
    // the hammer races the index run in place of a rollback process
    boolean race = random.nextDouble() < options.raceRate() && !hammer;
    long racingTarget = target(random, rollbackTargets);
    double raceFraction = random.nextDouble();
    boolean embedMissing = random.nextDouble() < 0.5;
    boolean rollback = random.nextDouble() < 0.2;
    List<Victim> candidates = new ArrayList<>(List.of(Victim.INDEX));
    if (race) {
      candidates.add(Victim.RACING_ROLLBACK);
    }
    if (embedMissing) {
      candidates.add(Victim.EMBED_MISSING);
    }
    if (rollback) {
      candidates.add(Victim.ROLLBACK);
    }
    boolean kill = random.nextDouble() < options.killRate();
    Victim victim = candidates.get(random.nextInt(candidates.size()));
    // half the kills anywhere in the run, half near its end, where it commits and publishes
    double killFraction = random.nextBoolean() ? random.nextDouble() * 1.1 : 0.75 + random.nextDouble() * 0.3;
    return new CycleSchedule(List.copyOf(args), beam ? "index-direct" : "index", race ? racingTarget : -1,
        raceFraction, embedMissing, rollback, kill ? victim : Victim.NONE, killFraction, hammer);
  }

  /** One of the rollback targets offered. */
  static long target(Random random, List<Long> targets) {
    return targets.isEmpty() ? 1 : targets.get(random.nextInt(targets.size()));
  }

  long raceAtFraction(long typicalMillis) {
    return (long) (raceFraction * typicalMillis);
  }

  long killAtFraction(long typicalMillis) {
    return Math.max(50, (long) (killFraction * typicalMillis));
  }
}
