package dev.weft.context.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A sorted key/value store of JSON values: the storage contract of the ledger and the memory write path.
 *
 * <p>Keys are non-blank strings; {@link #keys} lists them in {@link String#compareTo} order, which the ledger's
 * zero-padded sequence numbers rely on. Values are Jackson trees; a store hands out copies, so a caller that
 * changes a value it read changes nothing stored.
 *
 * <p>Three capabilities are optional and announced by {@link #capabilities()}; calling one a store lacks throws
 * {@link UnsupportedOperationException} naming the store and the capability:
 *
 * <ul>
 *   <li>{@link Capability#MUTATE}: {@link #mutate} — read everything under a scope, decide, replace it, all at
 *       once or not at all;
 *   <li>{@link Capability#RANK}: {@link #rank} — nearest values by {@code value.embedding} ({@link
 *       StoredEmbedding}), answered where the vectors live;
 *   <li>{@link Capability#SEARCH}: {@link #search} — BM25 over {@code value.text}, English with Porter
 *       stemming, answered where the text lives.
 * </ul>
 *
 * <p>Failures: a store that cannot read or write its medium throws {@link
 * dev.weft.context.error.StorageFailureException}; one that waited too long for another writer throws {@link
 * dev.weft.context.error.IndexBusyException} naming the lock; a damaged store {@link
 * dev.weft.context.error.IndexDamagedException}.
 */
public interface Store extends AutoCloseable {

  /** The optional parts of the contract. */
  enum Capability {
    MUTATE,
    RANK,
    SEARCH
  }

  /** The value under {@code key}, or empty when there is none. */
  Optional<JsonNode> get(String key);

  /** Stores {@code value} under {@code key}, replacing any value there; durable when this returns. */
  void set(String key, JsonNode value);

  /** Removes {@code key}; an absent key is not an error. Durable when this returns. */
  void delete(String key);

  /** Every key starting with {@code prefix} ({@code ""} for all), in {@link String#compareTo} order. */
  List<String> keys(String prefix);

  /** How writers are serialised: see {@link Concurrency}. */
  Concurrency concurrency();

  /** The optional capabilities this store offers. */
  Set<Capability> capabilities();

  /**
   * Atomically replaces the records under {@code scope}. The store reads every record the scope covers, hands
   * {@code mutation} a detached copy, and — when the mutation returns a {@code next} map — makes exactly those
   * records the contents of the scope: keys in {@code next} are written, covered keys absent from it deleted.
   * Nothing is published when the mutation throws (the exception is rethrown) or when {@code next} names a key
   * the scope does not cover ({@link ScopeViolationException}). Durable when this returns.
   *
   * @return the mutation's result
   */
  default <R> R mutate(Scope scope, Mutation<R> mutation) {
    throw unsupported(Capability.MUTATE);
  }

  /** The values under {@code query.prefix()} nearest to its vector; see {@link RankResult}. */
  default RankResult rank(RankQuery query) {
    throw unsupported(Capability.RANK);
  }

  /** The values under {@code query.prefix()} whose {@code value.text} best matches the query (BM25). */
  default SearchResult search(TextQuery query) {
    throw unsupported(Capability.SEARCH);
  }

  /** Releases the medium; durable writes stay durable. */
  @Override
  void close();

  private UnsupportedOperationException unsupported(Capability capability) {
    return new UnsupportedOperationException(
        getClass().getSimpleName()
            + " does not offer "
            + capability.name().toLowerCase(java.util.Locale.ROOT)
            + "; it offers "
            + capabilities()
            + ": check capabilities() first or use a store that offers it (the Lucene store offers all three)");
  }
}
