package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.ledger.LedgerKeys.Kind;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.Scope;
import dev.weft.context.store.Store;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The goal: one current objective (the latest set), its status, and its append-only progress. Setting a new goal
 * clears the one before. Progress crossing a goal limit is folded into a checkpoint in the same mutate.
 */
final class Goals {
  static final Set<String> STATUSES = Set.of("active", "paused", "completed", "cleared");

  private final Store store;
  private final LedgerOptions options;
  private final ClaimEvidence evidence;

  Goals(Store store, LedgerOptions options, ClaimEvidence evidence) {
    this.store = store;
    this.options = options;
    this.evidence = evidence;
  }

  String setGoal(String objective) {
    Records.requireText(objective, "goal objective");
    String at = now();
    Optional<String> previous = currentKey();
    return Mint.write(store, Kind.GOAL.label(), seq -> List.of(Kind.GOAL.key(seq)),
        previous.map(List::of).orElse(List.of()), (seq, current) -> {
          Map<String, JsonNode> puts = new TreeMap<>();
          ObjectNode goal = LedgerJson.object();
          goal.put("id", Kind.GOAL.address(seq));
          goal.put("objective", objective);
          goal.put("status", "active");
          goal.put("createdAt", at);
          goal.put("updatedAt", at);
          goal.putArray("progress");
          puts.put(Kind.GOAL.key(seq), goal);
          previous.map(current::get).filter(Goals::open).ifPresent(old -> {
            ObjectNode cleared = ((ObjectNode) old).deepCopy();
            cleared.put("status", "cleared");
            cleared.put("supersededBy", Kind.GOAL.address(seq));
            cleared.put("updatedAt", at);
            puts.put(previous.get(), cleared);
          });
          return new Mint.Written<>(puts, Kind.GOAL.address(seq));
        });
  }

  /** Moves the current goal to {@code status}; a completed or cleared goal stays so (set a new one). */
  JsonNode setStatus(String status) {
    if (!STATUSES.contains(status)) {
      throw new IllegalArgumentException("goal status must be one of " + new java.util.TreeSet<>(STATUSES)
          + ", got: '" + status + "'");
    }
    String key = currentKey().orElseThrow(Goals::noGoal);
    String at = now();
    return store.mutate(Scope.keys(key), current -> {
      if (current.get(key) == null) {
        throw noGoal();
      }
      ObjectNode goal = ((ObjectNode) current.get(key)).deepCopy();
      if (!open(goal) && !goal.get("status").asText().equals(status)) {
        throw new IllegalArgumentException(goal.get("id").asText() + " is " + goal.get("status").asText()
            + " and cannot become " + status + ": set a new goal instead");
      }
      goal.put("status", status);
      goal.put("updatedAt", at);
      return Outcome.write(Map.of(key, goal), (JsonNode) goal);
    });
  }

  /** Checks a progress entry as {@link #appendProgress} does, writing nothing. */
  void checkProgress(String note, JsonNode proof) {
    Records.requireText(note, "progress note");
    evidence.check(proof, Records.hostArtifactsFor(proof, store));
  }

  /**
   * Inside a commit's mutate: {@code goal} (active) with {@code entries} appended under progress ids minted from
   * {@code counters} (their ids added to {@code ids}), folded when it crosses a limit, as {@link #appendProgress}.
   */
  ObjectNode appendAll(ObjectNode stored, List<LedgerChanges.Progress> entries, Counters counters, JsonNode limits,
      String at, List<String> ids) {
    ObjectNode goal = stored.deepCopy();
    if (!"active".equals(goal.path("status").asText())) {
      throw new IllegalArgumentException(goal.path("id").asText() + " is " + goal.path("status").asText()
          + ": progress goes to an active goal — set its status to active, or set a new goal");
    }
    for (LedgerChanges.Progress entry : entries) {
      String id = "progress:" + counters.mint("progress");
      goal.withArray("progress").addObject().put("id", id).put("at", at).put("note", entry.note())
          .set("evidence", entry.evidence().deepCopy());
      ids.add(id);
    }
    goal.put("updatedAt", at);
    return overLimit(goal, limits) ? fold(goal, at, true).goal() : goal;
  }

  ProgressResult appendProgress(String note, JsonNode proof) {
    checkProgress(note, proof);
    String key = currentKey().orElseThrow(Goals::noGoal);
    String at = now();
    return Mint.write(store, "progress", seq -> List.of(), List.of(key, LedgerKeys.LIMITS), (seq, current) -> {
      if (current.get(key) == null) {
        throw noGoal(); // rolled back since it was looked up
      }
      ObjectNode goal = ((ObjectNode) current.get(key)).deepCopy();
      if (!"active".equals(goal.path("status").asText())) {
        throw new IllegalArgumentException(goal.get("id").asText() + " is " + goal.path("status").asText()
            + ": progress goes to an active goal — set its status to active, or set a new goal");
      }
      String id = "progress:" + seq;
      goal.withArray("progress").addObject().put("id", id).put("at", at).put("note", note)
          .set("evidence", proof.deepCopy());
      goal.put("updatedAt", at);
      Optional<String> by = Optional.empty();
      Optional<String> rejected = Optional.empty();
      if (overLimit(goal, current.get(LedgerKeys.LIMITS))) {
        GoalFold fold = fold(goal, at, true);
        goal = fold.goal();
        by = Optional.of(fold.by());
        rejected = fold.reducerRejected();
      }
      return new Mint.Written<>(Map.of(key, goal), new ProgressResult(id, by, rejected));
    });
  }

  /** Folds the current goal's progress into a checkpoint now; a rejected host reducer fails it, writing nothing. */
  JsonNode checkpoint() {
    String key = currentKey().orElseThrow(Goals::noGoal);
    String at = now();
    return store.mutate(Scope.keys(key), current -> {
      if (current.get(key) == null) {
        throw noGoal();
      }
      GoalFold fold = fold((ObjectNode) current.get(key), at, false);
      return Outcome.write(Map.of(key, fold.goal()), (JsonNode) fold.goal());
    });
  }

  Optional<JsonNode> current() {
    return currentKey().flatMap(store::get);
  }

  GoalPrompt compose() {
    Optional<JsonNode> goal = current();
    if (goal.isEmpty() || !"active".equals(goal.get().path("status").asText())) {
      String why = goal.map(g -> "the last goal, " + g.path("id").asText() + ", is " + g.path("status").asText())
          .orElse("no goal has been set");
      return new GoalPrompt(false, "No active goal: " + why + ". Ask the user what to work on, or set one with "
          + "`weft ledger goal set OBJECTIVE`.");
    }
    JsonNode g = goal.get();
    StringBuilder text = new StringBuilder("Current goal (" + g.path("id").asText() + ", set "
        + g.path("createdAt").asText() + "): " + g.path("objective").asText());
    List<CheckpointItem> items = Checkpoints.inputOf(g);
    if (!items.isEmpty()) {
      text.append("\nProgress so far:");
      for (CheckpointItem item : items) {
        text.append("\n- ").append(item.note()).append(" [evidence: ").append(evidenceText(item.evidence()))
            .append("]");
      }
    }
    return new GoalPrompt(true, text.toString());
  }

  static boolean overLimit(JsonNode goal, JsonNode limits) {
    return Limits.over(limits, Limits.GOAL, "maxEntries", goal.path("progress").size())
        || Limits.over(limits, Limits.GOAL, "maxChars", chars(goal))
        || Limits.over(limits, Limits.GOAL, "maxBytes", LedgerJson.bytes(goal));
  }

  /** Characters of the progress a prompt carries: every note and evidence, raw and checkpointed. */
  static long chars(JsonNode goal) {
    long chars = 0;
    for (CheckpointItem item : Checkpoints.inputOf(goal)) {
      chars += item.note().length() + evidenceText(item.evidence()).length();
    }
    return chars;
  }

  private GoalFold fold(ObjectNode goal, String at, boolean fallBack) {
    List<CheckpointItem> input = Checkpoints.inputOf(goal);
    List<CheckpointItem> deterministic = Checkpoints.deterministic(input);
    Checkpoints.validate(input, deterministic, true);
    List<CheckpointItem> chosen = deterministic;
    String by = "deterministic";
    Optional<String> rejected = Optional.empty();
    if (options.reducer().isPresent()) {
      try {
        List<CheckpointItem> reduced = List.copyOf(options.reducer().get().reduce(List.copyOf(input)));
        Checkpoints.validate(input, reduced, false);
        chosen = reduced;
        by = "reducer";
      } catch (WeftException e) {
        if (!fallBack) {
          throw e;
        }
        rejected = Optional.of(e.getMessage());
      }
    }
    ObjectNode folded = goal.deepCopy();
    folded.set("checkpoint", Checkpoints.toJson(chosen, by, at));
    folded.putArray("progress");
    return new GoalFold(folded, by, rejected);
  }

  private record GoalFold(ObjectNode goal, String by, Optional<String> reducerRejected) {}

  static String evidenceText(JsonNode evidence) {
    if (evidence.isTextual()) {
      return evidence.textValue();
    }
    if (evidence.isArray()) {
      StringBuilder text = new StringBuilder();
      evidence.forEach(e -> text.append(text.length() == 0 ? "" : "; ").append(e.asText()));
      return text.toString();
    }
    return "claim-evidence envelope, " + evidence.path("claims").size() + " claims";
  }

  Optional<String> currentKey() {
    List<String> keys = store.keys(Kind.GOAL.prefix());
    return keys.isEmpty() ? Optional.empty() : Optional.of(keys.get(keys.size() - 1));
  }

  private static boolean open(JsonNode goal) {
    String status = goal.path("status").asText();
    return status.equals("active") || status.equals("paused");
  }

  static WeftException noGoal() {
    return new WeftException(ExitStatus.NOTHING_FOUND, "no goal has been set: set one with `weft ledger goal set "
        + "OBJECTIVE` (Ledger.setGoal)");
  }

  private String now() {
    return options.clock().instant().toString();
  }
}
