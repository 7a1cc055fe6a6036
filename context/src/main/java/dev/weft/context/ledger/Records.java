package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.embed.Embedder;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbeddingException;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.ledger.LedgerKeys.Kind;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.Scope;
import dev.weft.context.store.Store;
import dev.weft.context.store.StoredEmbedding;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** Memories and skills: minted, written (evidence checked first), read and deleted. */
final class Records {
  private final Store store;
  private final LedgerOptions options;
  private final ClaimEvidence evidence;

  Records(Store store, LedgerOptions options, ClaimEvidence evidence) {
    this.store = store;
    this.options = options;
    this.evidence = evidence;
  }

  WriteResult addMemory(String text, Set<String> tags, JsonNode proof) {
    ObjectNode value = memoryValue(text, tags, proof);
    Optional<String> failure = embedOnWrite(value, text);
    Optional<EmbedderIdentity> embedded = embeddedBy(value);
    String at = options.clock().instant().toString();
    String id = Mint.write(store, Kind.MEMORY.label(), seq -> List.of(Kind.MEMORY.key(seq)),
        embedded.isPresent() ? List.of(LedgerKeys.CONFIG) : List.of(), (seq, current) -> {
          Map<String, JsonNode> puts = new TreeMap<>();
          embedded.ifPresent(identity -> LedgerEmbedder.checkWrite(current, identity, puts));
          puts.put(Kind.MEMORY.key(seq), stamped(value, Kind.MEMORY.address(seq), at));
          return new Mint.Written<>(puts, Kind.MEMORY.address(seq));
        });
    return new WriteResult(id, value.has(StoredEmbedding.FIELD), failure);
  }

  /** Adds a skill, or replaces the skill of the same name keeping its address and creation time. */
  WriteResult putSkill(String name, String when, String instructions, Set<String> tags) {
    ObjectNode value = skillValue(name, when, instructions, tags);
    Optional<String> failure = embedOnWrite(value, skillText(value));
    Optional<EmbedderIdentity> embedded = embeddedBy(value);
    String at = options.clock().instant().toString();
    // skills are few: one mutate over all of them and the counter finds the name and mints without a race
    String id = store.mutate(Scope.of(List.of(Kind.SKILL.prefix()), List.of(LedgerKeys.COUNTERS, LedgerKeys.CONFIG)),
        current -> {
      Map<String, JsonNode> next = new TreeMap<>(current);
      embedded.ifPresent(identity -> LedgerEmbedder.checkWrite(current, identity, next));
      for (Map.Entry<String, JsonNode> skill : current.entrySet()) {
        if (skill.getKey().startsWith(Kind.SKILL.prefix()) && name.equals(skill.getValue().path("name").asText())) {
          ObjectNode replaced = stamped(value, skill.getValue().get("id").asText(),
              skill.getValue().path("createdAt").asText(at));
          replaced.put("updatedAt", at);
          next.put(skill.getKey(), replaced);
          return Outcome.write(next, replaced.get("id").asText());
        }
      }
      Counters counters = Counters.of(current.get(LedgerKeys.COUNTERS));
      long seq = counters.mint(Kind.SKILL.label());
      next.put(LedgerKeys.COUNTERS, counters.toJson());
      next.put(Kind.SKILL.key(seq), stamped(value, Kind.SKILL.address(seq), at));
      return Outcome.write(next, Kind.SKILL.address(seq));
    });
    return new WriteResult(id, value.has(StoredEmbedding.FIELD), failure);
  }

  /** A memory's value as it is stored (before its id and times), its text, tags and evidence checked. */
  ObjectNode memoryValue(String text, Set<String> tags, JsonNode proof) {
    requireText(text, "memory text");
    evidence.check(proof, hostArtifactsFor(proof, store));
    ObjectNode value = LedgerJson.object();
    value.put("text", text);
    value.set("tags", LedgerJson.strings(normaliseTags(tags)));
    value.set("evidence", proof.deepCopy());
    return value;
  }

  /** A skill's value as it is stored (before its id and times), its members checked. */
  static ObjectNode skillValue(String name, String when, String instructions, Set<String> tags) {
    requireText(name, "skill name");
    requireText(when, "skill 'when'");
    requireText(instructions, "skill instructions");
    ObjectNode value = LedgerJson.object();
    value.put("name", name);
    value.put("when", when);
    value.put("instructions", instructions);
    value.set("tags", LedgerJson.strings(normaliseTags(tags)));
    return value;
  }

  /** The record at {@code address} ({@code memory:N} or {@code skill:N}), without its vector. */
  Optional<JsonNode> get(Kind kind, String address) {
    return store.get(kind.key(LedgerKeys.seq(kind, address))).map(Records::withoutVector);
  }

  /** Every record of {@code kind}, in address order, without vectors. */
  List<JsonNode> all(Kind kind) {
    return store.mutate(Scope.prefix(kind.prefix()), current -> Outcome.read(
        current.values().stream().map(Records::withoutVector).map(JsonNode.class::cast).toList()));
  }

  /** Deletes the record; refuses an address that holds none (exit 1), so a typo is not taken for success. */
  void delete(Kind kind, String address) {
    String key = kind.key(LedgerKeys.seq(kind, address));
    boolean deleted = store.mutate(Scope.keys(key), current -> current.containsKey(key)
        ? Outcome.write(Map.of(), true) : Outcome.read(false));
    if (!deleted) {
      throw new WeftException(ExitStatus.NOTHING_FOUND, "no " + address + " in the ledger; "
          + "`weft ledger " + kind.label() + " recall -n 100` lists the newest " + kind.label() + " records");
    }
  }

  /** The text a skill is embedded and matched by. */
  static String skillText(JsonNode skill) {
    return skill.path("name").asText() + ": " + skill.path("when").asText() + "\n"
        + skill.path("instructions").asText();
  }

  static ObjectNode withoutVector(JsonNode value) {
    ObjectNode copy = ((ObjectNode) value).deepCopy();
    copy.remove(StoredEmbedding.FIELD);
    return copy;
  }

  /** The host artifacts an envelope may cite; only an envelope needs them, so plain evidence lists no keys. */
  static Set<String> hostArtifactsFor(JsonNode proof, Store store) {
    return proof != null && proof.isObject() ? hostArtifacts(store) : Set.of();
  }

  /** Every live slot address: host artifacts that envelope evidence may cite without declaring them. */
  static Set<String> hostArtifacts(Store store) {
    return store.keys(Kind.SLOT.prefix()).stream().map(key -> LedgerKeys.addressOf(Kind.SLOT, key))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  Optional<String> embedOnWrite(ObjectNode value, String text) {
    if (!options.embedOnWrite()) {
      return Optional.empty();
    }
    Embedder embedder = options.embedder().orElseThrow();
    try {
      float[] vector;
      synchronized (embedder) {
        vector = embedder.embed(List.of(text)).get(0);
      }
      value.set(StoredEmbedding.FIELD, new StoredEmbedding(embedder.identity(), vector).toJson());
      return Optional.empty();
    } catch (EmbeddingException | IllegalArgumentException e) {
      // stored without a vector; embedMissing fills it in later
      return Optional.of(embedder.identity() + " could not embed it: " + e.getMessage()
          + "; stored without a vector, run embedMissing later");
    }
  }

  /** The model of the vector {@code value} carries, if it carries one. */
  static Optional<EmbedderIdentity> embeddedBy(JsonNode value) {
    return StoredEmbedding.of(value).map(StoredEmbedding::identity);
  }

  static ObjectNode stamped(ObjectNode value, String id, String at) {
    ObjectNode stamped = LedgerJson.object();
    stamped.put("id", id);
    stamped.setAll(value.deepCopy());
    stamped.put("createdAt", at);
    stamped.put("updatedAt", at);
    return stamped;
  }

  static Set<String> normaliseTags(Set<String> tags) {
    Set<String> clean = new TreeSet<>();
    for (String tag : tags == null ? Set.<String>of() : tags) {
      requireText(tag, "a tag");
      clean.add(tag.strip());
    }
    return clean;
  }

  static void requireText(String text, String what) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException(what + " must not be blank, got: '" + text + "'");
    }
  }
}
