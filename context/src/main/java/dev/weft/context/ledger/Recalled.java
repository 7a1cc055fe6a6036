package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Objects;

/**
 * The answer of a ledger recall.
 *
 * @param hits best first; ties by recency (newest first), then by address number
 * @param skipped records that passed the filters but carry no vector, so {@code near} could not score them
 * @param via {@code sweep} (the ledger compared every candidate itself) or {@code adapter} (the store ranked them)
 * @param ranking how the hits were ranked
 */
public record Recalled(List<Hit> hits, int skipped, String via, Ranking ranking) {
  public Recalled {
    hits = List.copyOf(hits);
    Objects.requireNonNull(via, "via");
    Objects.requireNonNull(ranking, "ranking");
  }

  /** One recalled record (its vector left out). */
  public record Hit(String id, double score, JsonNode value) {}

  /**
   * @param algorithm {@code tags+recency} or {@code cosine}
   * @param exhaustive whether every candidate was compared (an adapter's approximate search is not)
   * @param candidateCount how many records were scored
   */
  public record Ranking(String algorithm, boolean exhaustive, int candidateCount) {}
}
