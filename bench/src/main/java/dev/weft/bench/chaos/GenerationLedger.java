package dev.weft.bench.chaos;

import dev.weft.bench.Checks;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Invariant (a), acknowledged generations are never lost, as a pure bookkeeping class (docs/chaos.md).
 *
 * <p>A generation is <b>acknowledged</b> when a writer that exited 0 printed "published generation N". It must
 * stay listed until pruned: a publish keeps the {@code keep} newest manifests (and the served one), so N may only
 * be missing once at least {@code keep} listed generations are newer than N.
 *
 * <p>The <b>served</b> generation after a cycle must be one a history of that cycle's writers could have left:
 * writers of one phase ran concurrently, so every order of them is tried. A writer that exited 0 decides the
 * outcome (its last printed generation, or the generation a rollback names); one refused with exit 1, 2 or 3 has
 * no effect; one killed (or failed) may have had no effect, or its effect: the generations it printed, an
 * unacknowledged generation newer than any seen before ({@link #NEW}), or its rollback target.
 */
final class GenerationLedger {
  /** Stands for "a new generation a killed run published without saying so". */
  static final long NEW = -2;
  private static final long NONE = -1;

  enum Kind { PUBLISH, ROLLBACK }

  /**
   * One writer of a cycle.
   *
   * @param phase writers of one phase overlapped in time; a later phase started after they all ended
   * @param kind an index/embed-missing run (publishes) or a rollback
   * @param result how it ended
   * @param target the generation a rollback was asked to serve; ignored for a publish
   */
  record Writer(int phase, Kind kind, ChildResult result, long target) {}

  /**
   * What one cycle's check found.
   *
   * @param lost acknowledged generations found missing for the first time this cycle
   * @param unexpectedServed the served generation is none a history of the cycle's writers explains
   * @param unexpectedSeen generations readers saw served during the cycle that no writer could have served
   * @param reason the explanation for the log; empty when nothing was found
   */
  record Verdict(List<Long> lost, boolean unexpectedServed, List<Long> unexpectedSeen, String reason) {
    boolean clean() {
      return lost.isEmpty() && !unexpectedServed && unexpectedSeen.isEmpty();
    }
  }

  private final int keep;
  private final Set<Long> acknowledged = new TreeSet<>();
  private final Set<Long> lost = new HashSet<>();
  private long served = NONE;
  private long newest = 0;

  GenerationLedger(int keep) {
    Checks.atLeast("keep", keep, 1);
    this.keep = keep;
  }

  Set<Long> acknowledged() {
    return Set.copyOf(acknowledged);
  }

  int lostCount() {
    return lost.size();
  }

  /** As {@link #endCycle(List, Collection, long, Collection)} with no reader observations. */
  Verdict endCycle(List<Writer> writers, Collection<Long> listed, long servedNow) {
    return endCycle(writers, listed, servedNow, List.of());
  }

  /**
   * Checks the index as it stands after a cycle (no writer running) and records what the cycle acknowledged.
   *
   * @param seen generations readers saw served during the cycle ({@code generations}, {@code stats}); each must be
   *     one the served generation passed through in some history of the writers
   */
  Verdict endCycle(List<Writer> writers, Collection<Long> listed, long servedNow, Collection<Long> seen) {
    Set<Long> possible = possibleServed(writers);
    boolean explained = explains(possible, servedNow);
    Set<Long> reachable = reachableServed(writers);
    List<Long> unexpectedSeen = seen.stream().distinct().filter(g -> !explains(reachable, g)).sorted().toList();
    for (Writer w : writers) {
      if (w.kind() == Kind.PUBLISH && w.result().ok()) {
        acknowledged.addAll(w.result().printedGenerations());
      }
    }
    List<Long> lostNow = new ArrayList<>();
    for (long generation : acknowledged) {
      if (!listed.contains(generation) && !lost.contains(generation) && !pruned(generation, listed)) {
        lostNow.add(generation);
        lost.add(generation);
      }
    }
    List<String> reasons = new ArrayList<>();
    if (!lostNow.isEmpty()) {
      reasons.add("acknowledged generation(s) " + lostNow + " missing from " + listed + " with fewer than " + keep
          + " newer kept");
    }
    if (!explained) {
      reasons.add("serves generation " + servedNow + ", but the cycle's writers could only leave "
          + describe(possible));
    }
    if (!unexpectedSeen.isEmpty()) {
      reasons.add("readers saw generation(s) " + unexpectedSeen + " served, but the cycle's writers could only "
          + "serve " + describe(reachable));
    }
    served = servedNow;
    newest = Math.max(newest, servedNow);
    listed.forEach(g -> newest = Math.max(newest, g));
    writers.forEach(w -> w.result().printedGenerations().forEach(g -> newest = Math.max(newest, g)));
    return new Verdict(lostNow, !explained, unexpectedSeen, String.join("; ", reasons));
  }

  private boolean explains(Set<Long> possible, long generation) {
    return possible.contains(generation)
        || possible.contains(NEW) && generation > newest && !acknowledged.contains(generation);
  }

  /**
   * Every generation the served one may pass through during the cycle, in any order of the writers: the one
   * served before, everything printed, every rollback's target, and a new one where a writer may have died.
   */
  Set<Long> reachableServed(List<Writer> writers) {
    Set<Long> reachable = new LinkedHashSet<>();
    reachable.add(served);
    for (Writer w : writers) {
      reachable.addAll(apply(Set.of(), w));
      reachable.addAll(w.result().printedGenerations());
    }
    return reachable;
  }

  /** Every served generation some order of the writers could leave (writers of a phase in any order). */
  Set<Long> possibleServed(List<Writer> writers) {
    Set<Long> states = new LinkedHashSet<>();
    states.add(served);
    int phase = Integer.MIN_VALUE;
    List<Writer> group = new ArrayList<>();
    for (Writer w : writers.stream().sorted((a, b) -> Integer.compare(a.phase(), b.phase())).toList()) {
      if (w.phase() != phase && !group.isEmpty()) {
        states = applyGroup(states, group);
        group.clear();
      }
      phase = w.phase();
      group.add(w);
    }
    return group.isEmpty() ? states : applyGroup(states, group);
  }

  private static Set<Long> applyGroup(Set<Long> states, List<Writer> group) {
    Set<Long> result = new LinkedHashSet<>();
    for (List<Writer> order : orders(group)) {
      Set<Long> s = states;
      for (Writer w : order) {
        s = apply(s, w);
      }
      result.addAll(s);
    }
    return result;
  }

  private static Set<Long> apply(Set<Long> states, Writer w) {
    ChildResult r = w.result();
    if (r.ok()) {
      if (w.kind() == Kind.ROLLBACK) {
        return Set.of(r.servingGeneration().orElse(w.target()));
      }
      List<Long> printed = r.printedGenerations();
      return printed.isEmpty() ? states : Set.of(printed.get(printed.size() - 1));
    }
    if (!r.killed() && !r.hung() && (r.exit() == 1 || r.exit() == 2 || r.exit() == ChildResult.BUSY)) {
      return states; // refused before changing anything
    }
    Set<Long> maybe = new LinkedHashSet<>(states);
    if (w.kind() == Kind.ROLLBACK) {
      maybe.add(w.target());
    } else {
      maybe.addAll(r.printedGenerations());
      maybe.add(NEW);
    }
    return maybe;
  }

  private static List<List<Writer>> orders(List<Writer> group) {
    if (group.size() <= 1) {
      return List.of(List.copyOf(group));
    }
    List<List<Writer>> all = new ArrayList<>();
    for (int i = 0; i < group.size(); i++) {
      List<Writer> rest = new ArrayList<>(group);
      Writer first = rest.remove(i);
      for (List<Writer> tail : orders(rest)) {
        List<Writer> order = new ArrayList<>();
        order.add(first);
        order.addAll(tail);
        all.add(order);
      }
    }
    return all;
  }

  /** Pruning keeps the {@code keep} newest, so a pruned generation has at least that many newer ones kept. */
  private boolean pruned(long generation, Collection<Long> listed) {
    return listed.stream().filter(g -> g > generation).count() >= keep;
  }

  private static String describe(Set<Long> possible) {
    List<String> names = new ArrayList<>();
    for (long g : possible) {
      names.add(g == NEW ? "a new unacknowledged generation" : g == NONE ? "nothing served" : "" + g);
    }
    return String.join(" or ", names);
  }
}
