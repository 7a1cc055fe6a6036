package dev.weft.agents.refine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.ledger.LedgerChanges;
import java.util.List;

/**
 * What a refinement writes to a ledger, and the new memories it skipped as exact duplicates.
 *
 * @param deduplicated one object per skipped memory: {@code pointer} (its operation in the patch) and
 *     {@code retained} (the stored address, or the pointer of the earlier operation it repeats)
 */
record LedgerPlan(LedgerChanges changes, List<JsonNode> deduplicated) {
  LedgerPlan {
    deduplicated = List.copyOf(deduplicated);
  }
}
