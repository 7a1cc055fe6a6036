package dev.weft.context.ledger;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * What to recall from the ledger.
 *
 * @param tags keep records carrying at least one of these (all when empty); ranked by how many they carry
 * @param where a jq predicate over the record (e.g. {@code .tags | index("db")}); records for which it yields
 *     neither {@code false} nor {@code null} are kept
 * @param near rank by cosine similarity to this text, embedded by the ledger's embedder (refused without one)
 * @param limit at most this many hits, at least 1
 * @param minScore drop hits scoring below it
 */
public record RecallQuery(
    Set<String> tags, Optional<String> where, Optional<String> near, int limit, OptionalDouble minScore) {
  public RecallQuery {
    tags = Set.copyOf(Objects.requireNonNull(tags, "tags"));
    Objects.requireNonNull(where, "where");
    Objects.requireNonNull(near, "near");
    Objects.requireNonNull(minScore, "minScore");
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, got: " + limit);
    }
    if (near.isPresent() && near.get().isBlank()) {
      throw new IllegalArgumentException("near must not be blank, got: '" + near.get() + "'");
    }
    if (minScore.isPresent() && !Double.isFinite(minScore.getAsDouble())) {
      throw new IllegalArgumentException("minScore must be a finite number, got: " + minScore.getAsDouble());
    }
  }

  /** The most recent {@code limit} records. */
  public static RecallQuery recent(int limit) {
    return new RecallQuery(Set.of(), Optional.empty(), Optional.empty(), limit, OptionalDouble.empty());
  }

  public RecallQuery withTags(Set<String> value) {
    return new RecallQuery(value, where, near, limit, minScore);
  }

  public RecallQuery withWhere(String value) {
    return new RecallQuery(tags, Optional.of(value), near, limit, minScore);
  }

  public RecallQuery withNear(String value) {
    return new RecallQuery(tags, where, Optional.of(value), limit, minScore);
  }

  public RecallQuery withMinScore(double value) {
    return new RecallQuery(tags, where, near, limit, OptionalDouble.of(value));
  }
}
