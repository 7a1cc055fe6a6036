package dev.weft.agents.program;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A compiled program, ready for either runner. Its shape: the steps before the map ({@link #beforeMap}: chunk,
 * grep, select, stat, peek), at most one {@link #map}, the steps after it ({@link #afterMap}: reduce, select, ...)
 * and the {@link #answer} last. The Beam runner feeds {@link #INPUT}'s pieces through the per-piece steps before
 * the map ({@link PieceOps}), fans the map out, and keys every map result by ({@link #fingerprint}, piece address).
 *
 * @param fingerprint sha-256 (hex) of the document's canonical JSON: object members sorted, no white space
 * @param name the document's name, or {@code "program"}
 * @param steps every step in document order, the answer last
 * @param slotsRead the names the program reads that no step writes (slots of the environment)
 * @param readsInput whether some step reads {@link #INPUT}
 * @param envelopes whether the answer must be an envelope sequence ({@link Envelopes}: compiled for a child level),
 *     which the runner checks on every reduce's result
 */
public record Plan(String fingerprint, String name, List<Step> steps, Set<String> slotsRead, boolean readsInput,
    boolean envelopes) implements Serializable {
  /** The reserved source name: the pieces a run is given (dataset records, index chunks, the files of --env). */
  public static final String INPUT = "input";

  public Plan {
    Objects.requireNonNull(fingerprint, "fingerprint");
    Objects.requireNonNull(name, "name");
    steps = List.copyOf(steps);
    slotsRead = Set.copyOf(slotsRead);
  }

  /** A plan whose answer may be any value. */
  public Plan(String fingerprint, String name, List<Step> steps, Set<String> slotsRead, boolean readsInput) {
    this(fingerprint, name, steps, slotsRead, readsInput, false);
  }

  /** The map step, when the program has one. */
  public Optional<Step.Map> map() {
    return steps.stream().filter(Step.Map.class::isInstance).map(Step.Map.class::cast).findFirst();
  }

  /**
   * The steps before the map (every step but the answer when there is no map); a copy, not a view, so it
   * serializes when a Beam transform captures it.
   */
  public List<Step> beforeMap() {
    int end = map().map(Step::index).orElse(steps.size() - 1);
    return List.copyOf(steps.subList(0, end));
  }

  /** The steps between the map and the answer (empty when there is no map); a serializable copy. */
  public List<Step> afterMap() {
    return map().map(m -> List.copyOf(steps.subList(m.index() + 1, steps.size() - 1))).orElse(List.of());
  }

  /** The answer step (always the last). */
  public Step.Answer answer() {
    return (Step.Answer) steps.get(steps.size() - 1);
  }
}
