package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Every record of a ledger at one moment, each as its exact serialised JSON, and the counters then.
 * {@code rollback} makes the records exactly these again; the counters only ever rise, so an address minted after
 * the snapshot is not minted again after the rollback.
 *
 * @param records key → compact JSON text, every ledger key but the counters
 * @param counters the counters at the moment of the snapshot
 */
public record LedgerSnapshot(SortedMap<String, String> records, JsonNode counters) {
  public LedgerSnapshot {
    records = Collections.unmodifiableSortedMap(new TreeMap<>(records));
    counters = Objects.requireNonNull(counters, "counters").deepCopy();
  }
}
