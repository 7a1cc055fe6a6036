package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.jq.JqBounds;
import dev.weft.context.ledger.LedgerKeys.Kind;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.Scope;
import dev.weft.context.store.Store;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * An agent's ledger on a {@link Store}: one goal with evidenced progress, memories that must carry evidence,
 * skills, and slots the harness writes. Every key lives under {@code ledger/}; every write touching more than one
 * key is one {@link Store#mutate}, so on an atomic store it lands whole or not at all. Addresses ({@code memory:7})
 * are minted from counters that never go down: not on delete, not on rollback.
 *
 * <p>Thread-safe when the store is: writers of this and other processes are serialised by the store's mutate.
 * See docs/ledger.md.
 */
public final class Ledger {
  private final Store store;
  private final LedgerOptions options;
  private final ClaimEvidence evidence;
  private final Records records;
  private final Goals goals;
  private final Archive archive;
  private final LedgerRecall recall;
  private final ChangeCommit changes;

  public Ledger(Store store, LedgerOptions options) {
    this.store = Objects.requireNonNull(store, "store");
    this.options = Objects.requireNonNull(options, "options");
    if (!store.capabilities().contains(Store.Capability.MUTATE)) {
      throw new IllegalArgumentException("a ledger needs a store that offers mutate (its multi-key writes are "
          + "atomic through it); " + store.getClass().getSimpleName() + " offers " + store.capabilities());
    }
    this.evidence = new ClaimEvidence(options.chunkTexts());
    this.records = new Records(store, options, evidence);
    this.goals = new Goals(store, options, evidence);
    this.archive = new Archive(store, options);
    this.recall = new LedgerRecall(store, options.embedder());
    this.changes = new ChangeCommit(store, options, records, goals);
  }

  /**
   * The embedder identity the ledger in {@code store} records for its vectors (set by the first embedded write,
   * moved by {@link #embedMissing}), empty when none was recorded: what a facade opens the ledger with when the
   * caller names no embedder.
   */
  public static Optional<EmbedderIdentity> embedderOf(Store store) {
    return LedgerEmbedder.recorded(store);
  }

  public LedgerOptions options() {
    return options;
  }

  // ---- goal

  /** Sets the objective, clearing the goal before it; answers its address ({@code goal:N}). */
  public String setGoal(String objective) {
    return goals.setGoal(objective);
  }

  /** Moves the current goal to {@code active}, {@code paused}, {@code completed} or {@code cleared}. */
  public JsonNode setGoalStatus(String status) {
    return goals.setStatus(status);
  }

  /** Appends {@code {at, note, evidence}} to the active goal's progress; evidence is required. */
  public ProgressResult appendProgress(String note, JsonNode evidence) {
    return goals.appendProgress(note, evidence);
  }

  /** The current goal (the latest set, whatever its status). */
  public Optional<JsonNode> goal() {
    return goals.current();
  }

  /** The text of the active goal for a system prompt, or a refusal to show when there is none. */
  public GoalPrompt composeGoal() {
    return goals.compose();
  }

  /** Folds the current goal's progress into a checkpoint now (the host reducer's when valid, else refused). */
  public JsonNode checkpointGoal() {
    return goals.checkpoint();
  }

  // ---- memories and skills

  /** Remembers {@code text}; refused without evidence (strings, or a claim-evidence envelope). */
  public WriteResult addMemory(String text, Set<String> tags, JsonNode evidence) {
    return records.addMemory(text, tags, evidence);
  }

  /** Adds a skill, or replaces the skill of that name keeping its address. */
  public WriteResult putSkill(String name, String when, String instructions, Set<String> tags) {
    return records.putSkill(name, when, instructions, tags);
  }

  /** Every memory, in address order, without vectors. */
  public List<JsonNode> memories() {
    return records.all(Kind.MEMORY);
  }

  /** Every skill, in address order, without vectors. */
  public List<JsonNode> skills() {
    return records.all(Kind.SKILL);
  }

  /** The memory or skill at {@code address} ({@code memory:N}, {@code skill:N}), without its vector. */
  public Optional<JsonNode> get(String address) {
    return records.get(kindOf(address), address);
  }

  /** Deletes the memory or skill at {@code address}; its address is never minted again. */
  public void delete(String address) {
    records.delete(kindOf(address), address);
  }

  public Recalled recall(RecallQuery query) {
    return recall(query, JqBounds.DEFAULT, CancelSignal.none());
  }

  /** Recall with {@code where} evaluated under {@code jqBounds}, stopped by {@code cancel} (an MCP cancel). */
  public Recalled recall(RecallQuery query, JqBounds jqBounds, CancelSignal cancel) {
    return recall.recall(Kind.MEMORY, query, jqBounds, cancel);
  }

  public Recalled recallSkills(RecallQuery query) {
    return recall.recall(Kind.SKILL, query, JqBounds.DEFAULT, CancelSignal.none());
  }

  /** Gives a vector to up to {@code limit} records lacking one of the configured embedder, {@code batch} at a time. */
  public EmbedReport embedMissing(int limit, int batch) {
    return new EmbedPass(store, options.embedder().orElseThrow(() -> new IllegalArgumentException(
        "embedMissing needs an embedder and this ledger has none: open it with one (--embedder MODEL)")))
        .run(limit, batch);
  }

  /** Checks evidence as a memory would, without writing anything. */
  public void validateClaimEvidence(JsonNode envelope, Set<String> hostArtifacts) {
    evidence.validateClaimEvidence(envelope, hostArtifacts);
  }

  // ---- checks and commits of several changes (refinement)

  /** Checks a memory as {@link #addMemory} does (text, tags, evidence), writing nothing. */
  public void check(LedgerChanges.Memory memory) {
    records.memoryValue(memory.text(), memory.tags(), memory.evidence());
  }

  /** Checks a skill as {@link #putSkill} does, writing nothing. */
  public void check(LedgerChanges.Skill skill) {
    Records.skillValue(skill.name(), skill.when(), skill.instructions(), skill.tags());
  }

  /** Checks a progress entry as {@link #appendProgress} does (note, evidence), writing nothing. */
  public void check(LedgerChanges.Progress progress) {
    goals.checkProgress(progress.note(), progress.evidence());
  }

  /**
   * Removes, adds and appends every change in ONE mutate: all of it lands or none of it. Every record is checked
   * as its own write checks it; a removal of a record that is gone, a skill name that is live, or progress
   * without an active goal refuses the whole commit. Memories and skills get new addresses, never reused ones.
   */
  public LedgerChanges.Committed commit(LedgerChanges changes) {
    return this.changes.commit(Objects.requireNonNull(changes, "changes"));
  }

  // ---- slots and retention

  /** Puts slots (harness only: agents cite them, they do not write them); answers their addresses. */
  public List<String> putArchive(List<ArchiveEntry> entries, boolean immutable) {
    return archive.put(entries, immutable);
  }

  public SlotRead readSlot(String address) {
    return archive.read(address);
  }

  /**
   * The slots whose names start with {@code namePrefix}, name to address; of several slots with one name the last
   * minted. Reads every slot's metadata (never content): how a harness that names its slots finds them again, e.g.
   * a resumed agent run its archived rounds.
   */
  public SortedMap<String, String> slotsNamed(String namePrefix) {
    return archive.named(Objects.requireNonNull(namePrefix, "namePrefix"));
  }

  /** Evicts every slot that is neither immutable nor cited, leaving tombstones; answers the addresses evicted. */
  public List<String> clearArchives() {
    return archive.clear();
  }

  /** Sets {@code maxItems} / {@code maxBytes} for live slots and evicts at once; answers the addresses evicted. */
  public List<String> archiveLimits(Map<String, Long> limits) {
    return archive.setLimits(limits);
  }

  /** Sets {@code maxEntries} / {@code maxChars} / {@code maxBytes} of a goal; the next append over them folds. */
  public void goalLimits(Map<String, Long> limits) {
    ObjectNode parsed = Limits.parse(Limits.GOAL, limits, Limits.GOAL_NAMES);
    store.mutate(Scope.keys(LedgerKeys.LIMITS), current -> {
      ObjectNode all = current.containsKey(LedgerKeys.LIMITS)
          ? ((ObjectNode) current.get(LedgerKeys.LIMITS)).deepCopy() : LedgerJson.object();
      all.set(Limits.GOAL, parsed);
      return Outcome.write(Map.of(LedgerKeys.LIMITS, all), null);
    });
  }

  /** The limits, the archive's live and evicted slots, and the current goal's size against its limits. */
  public JsonNode retentionReport() {
    return Reports.retention(all(), archive);
  }

  /** Keys and bytes per kind of record. */
  public JsonNode footprint() {
    return Reports.footprint(all());
  }

  // ---- snapshot and rollback

  public LedgerSnapshot snapshot() {
    SortedMap<String, JsonNode> all = all();
    SortedMap<String, String> texts = new TreeMap<>();
    all.forEach((key, value) -> {
      if (!key.equals(LedgerKeys.COUNTERS)) {
        texts.put(key, LedgerJson.text(value));
      }
    });
    JsonNode counters = all.getOrDefault(LedgerKeys.COUNTERS, LedgerJson.object());
    return new LedgerSnapshot(texts, counters);
  }

  /** Makes every record exactly the snapshot's again, in one mutate; the counters keep their high-water marks. */
  public void rollback(LedgerSnapshot snapshot) {
    Objects.requireNonNull(snapshot, "snapshot");
    store.mutate(Scope.prefix(LedgerKeys.ROOT), current -> {
      Map<String, JsonNode> next = new TreeMap<>();
      snapshot.records().forEach((key, text) -> next.put(key, LedgerJson.parse(text)));
      next.put(LedgerKeys.COUNTERS, Counters.of(current.get(LedgerKeys.COUNTERS)).atLeast(snapshot.counters())
          .toJson());
      return Outcome.write(next, null);
    });
  }

  private SortedMap<String, JsonNode> all() {
    return store.mutate(Scope.prefix(LedgerKeys.ROOT), current -> Outcome.read(new TreeMap<>(current)));
  }

  private static Kind kindOf(String address) {
    for (Kind kind : List.of(Kind.MEMORY, Kind.SKILL)) {
      if (address != null && address.startsWith(kind.label() + ":")) {
        return kind;
      }
    }
    throw new IllegalArgumentException("an address has the form memory:N or skill:N, got: '" + address + "'");
  }
}
