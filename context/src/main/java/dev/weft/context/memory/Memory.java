package dev.weft.context.memory;

import dev.weft.context.RecallMode;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbeddingException;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.Quote;
import dev.weft.context.error.WeftException;
import dev.weft.context.store.Store;
import dev.weft.context.store.StoredEmbedding;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The memory write path: remember, forget, get and recall facts, episodes and docs, per scope, on any {@link Store}
 * that offers {@code mutate} (the Lucene store for search and rank). Every write that touches several keys is one
 * {@link Store#mutate}; the key layout is {@link MemoryKeys}. docs/ledger.md ("Memory write path") says what each
 * operation promises.
 *
 * <p>Scopes: each call may name one; else the memory's own ({@link #withScope}); else GLOBAL, or, when the memory is
 * {@link #strict}, a refusal. A {@link #scoped(String)} view allows only its tenant's scopes.
 *
 * <p>Thread-safe when the store is.
 */
public final class Memory {
  private final Store store;
  private final MemorySettings settings;
  private final MemoryVectors vectors;
  private final MemoryWrites writes;
  private final MemoryReads reads;
  private final MemoryRecaller recaller;
  private final RecallLog recallLog;

  public Memory(Store store) {
    this(store, MemorySettings.defaults());
  }

  public Memory(Store store, MemorySettings settings) {
    this.store = Objects.requireNonNull(store, "store");
    this.settings = Objects.requireNonNull(settings, "settings");
    if (!store.capabilities().contains(Store.Capability.MUTATE)) {
      throw new IllegalArgumentException("the memory needs a store that offers mutate (one atomic write per "
          + "remember or forget), got " + store.getClass().getSimpleName() + " offering " + store.capabilities()
          + "; use the Lucene store or the in-memory store");
    }
    this.vectors = new MemoryVectors(settings.embedder());
    this.writes = new MemoryWrites(store);
    this.reads = new MemoryReads(store);
    this.recaller = new MemoryRecaller(store, vectors);
    this.recallLog = new RecallLog(store, reads);
  }

  /**
   * The embedder identity the memories in {@code store} were embedded with (the first vector records it), empty
   * when none has a vector: what a facade opens the memory with when the caller names no embedder.
   */
  public static Optional<EmbedderIdentity> embedderOf(Store store) {
    return MemoryKeys.embedder(store.get(MemoryKeys.CONFIG));
  }

  public MemorySettings settings() {
    return settings;
  }

  /** This memory with {@code scope} as the scope of calls that name none. */
  public Memory withScope(MemoryScope scope) {
    return new Memory(store, settings.withScope(scope));
  }

  /** This memory refusing calls that name no scope when it has none of its own. */
  public Memory strict() {
    return new Memory(store, settings.withStrictScope(true));
  }

  /**
   * A view of {@code tenant}'s memory: calls that name no scope use the tenant's own, and a call naming another
   * owner's scope (or GLOBAL) is refused, so nothing written, read or forgotten through it crosses tenants.
   */
  public Memory scoped(String tenant) {
    Objects.requireNonNull(tenant, "tenant");
    if (settings.tenant() != null && !settings.tenant().equals(tenant)) {
      throw new IllegalArgumentException("this memory is already a view of tenant '" + settings.tenant()
          + "'; a view cannot be widened to tenant '" + tenant + "' — scope the unscoped memory instead");
    }
    MemoryScope own = settings.scope() != null && tenant.equals(settings.scope().owner())
        ? settings.scope() : MemoryScope.owner(tenant);
    return new Memory(store, settings.withTenant(tenant).withScope(own));
  }

  /**
   * Stores {@code text} under {@code id} in the scope: a new id gets the next sequence number, a known one is
   * replaced in place (keeping its sequence number and creation time, moving it when the kind changes). An episode
   * write also prunes the scope's episodes older than the window. With an embedder the text gets a vector; when
   * embedding fails the text is stored without one and {@link Remembered#embedFailure} says why.
   */
  public Remembered remember(String id, String text, Remember options) {
    requireId(id);
    Objects.requireNonNull(text, "text");
    if (text.isBlank()) {
      throw new IllegalArgumentException("memory text must not be blank, got: '" + text + "' for id '" + id + "'");
    }
    Remember opts = options == null ? Remember.defaults() : options;
    MemoryScope scope = resolve(opts.scope());
    StoredEmbedding embedding = null;
    Optional<String> failure = Optional.empty();
    if (vectors.identity().isPresent()) {
      try {
        embedding = vectors.embed(text);
      } catch (EmbeddingException e) {
        failure = Optional.of(e.getMessage());
      }
    }
    return writes.remember(scope, id, text, opts, now(), embedding, failure, settings.episodeWindow());
  }

  public Optional<MemoryRecord> get(String id, MemoryScope scope) {
    requireId(id);
    return reads.get(resolve(scope), id);
  }

  /** Forgets {@code id} and its segments ({@code id#2}), never a sibling ({@code idx}); answers how many went. */
  public int forget(String id, MemoryScope scope) {
    requireId(id);
    return writes.forget(resolve(scope), id);
  }

  /** Forgets every record of the scope the selector matches, in one write; answers how many went. */
  public int forget(ForgetSelector selector, MemoryScope scope) {
    Objects.requireNonNull(selector, "selector");
    return writes.forget(resolve(scope), selector);
  }

  /** Records in the scope, of {@code kind} when given. */
  public long count(MemoryScope scope, MemoryKind kind) {
    return reads.count(resolve(scope), kind);
  }

  /** Up to {@code limit} records after the cursor {@code after} (0 for the first page), in insertion order. */
  public MemoryPage enumerate(MemoryScope scope, long after, int limit) {
    return reads.enumerate(resolve(scope), after, limit);
  }

  /** The {@code limit} most recently inserted records, newest first, of {@code kind} when given. */
  public List<MemoryRecord> recentMemory(MemoryScope scope, MemoryKind kind, int limit) {
    return reads.recent(resolve(scope), kind, limit);
  }

  /**
   * Recalls records; a query with no mode ({@code null}) is ranked by {@link #defaultRecallMode}, and the result
   * says which mode ranked it.
   */
  public MemoryRecallResult recall(MemoryQuery query) {
    Objects.requireNonNull(query, "query");
    MemoryQuery ranked = query.mode() == null ? query.withMode(defaultRecallMode()) : query;
    return recaller.recall(resolve(ranked.scope()), ranked, now());
  }

  /**
   * How a recall that names no mode ranks, the one default of the CLI, the MCP tool and the library: hybrid when the
   * memories carry an embedder (a stored vector recorded its model, and this memory embeds queries with one), since
   * a paraphrased question finds the memory it means through its vector far more often than through its words;
   * bm25 otherwise, which needs no model.
   */
  public RecallMode defaultRecallMode() {
    return vectors.identity().isPresent() && embedderOf(store).isPresent() ? RecallMode.HYBRID : RecallMode.BM25;
  }

  /** Agent-written records recalled at least {@code threshold} times within the window: confirm or forget them. */
  public List<RecallCandidate> reviewCandidates(int threshold, MemoryScope scope) {
    return recallLog.review(resolve(scope), threshold);
  }

  /** Episodes recalled at least {@code threshold} times within the window: remember them as facts. */
  public List<RecallCandidate> promotionCandidates(int threshold, MemoryScope scope) {
    return recallLog.promotion(resolve(scope), threshold);
  }

  /** The scope a call works in: its own, else the memory's, else GLOBAL (refused when strict), inside the view. */
  MemoryScope resolve(MemoryScope requested) {
    MemoryScope scope = requested != null ? requested : settings.scope();
    if (scope == null) {
      if (settings.strictScope()) {
        throw new IllegalArgumentException("this memory is strict and the call named no scope; name one "
            + "(--scope OWNER, OWNER/SESSION or global)");
      }
      scope = MemoryScope.GLOBAL;
    }
    if (settings.tenant() != null && !settings.tenant().equals(scope.owner())) {
      throw new WeftException(ExitStatus.BAD_INPUT, "scope '" + scope + "' is outside this view of tenant '"
          + settings.tenant() + "'; a scoped view reads and writes only its tenant's scopes");
    }
    return scope;
  }

  private Instant now() {
    return settings.clock().instant();
  }

  /**
   * Refuses a blank id, and one that is not whole text: a U+FFFD replacement character or an unpaired surrogate is
   * what a decoder leaves of bytes it could not read (a shell argument that is not UTF-8), and two different
   * undecodable ids would collapse into one key, so a get or forget would reach another record.
   */
  static void requireId(String id) {
    Objects.requireNonNull(id, "id");
    if (id.isBlank()) {
      throw new IllegalArgumentException("memory id must not be blank, got: '" + id + "'");
    }
    for (int i = 0; i < id.length(); i++) {
      char c = id.charAt(i);
      boolean pairedHigh = Character.isHighSurrogate(c) && i + 1 < id.length()
          && Character.isLowSurrogate(id.charAt(i + 1));
      if (pairedHigh) {
        i++;
      } else if (c == '\uFFFD' || Character.isSurrogate(c)) {
        throw new IllegalArgumentException("memory id must be valid UTF-8 text, got '" + Quote.of(id)
            + "' with " + (c == '\uFFFD' ? "a U+FFFD replacement character" : "an unpaired surrogate")
            + " at index " + i + " (bytes the locale could not decode); pass the id as UTF-8 text");
      }
    }
  }
}
