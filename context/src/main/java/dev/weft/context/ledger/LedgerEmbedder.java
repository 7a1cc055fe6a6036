package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.RecordedEmbedder;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.store.Store;
import java.util.Map;
import java.util.Optional;

/**
 * The embedder the ledger's vectors are made by, recorded in {@link LedgerKeys#CONFIG} the way the memory records
 * its own ({@link RecordedEmbedder}): by the first embedded write, and moved by {@code embedMissing} (which
 * re-embeds every record under its model). A facade opens the ledger with it when the caller names no embedder,
 * and a query or an embedded write of another model is refused by name before any model is called.
 */
final class LedgerEmbedder {
  private LedgerEmbedder() {}

  static Optional<EmbedderIdentity> recorded(Store store) {
    return RecordedEmbedder.of(store.get(LedgerKeys.CONFIG));
  }

  /**
   * Inside a write's mutate ({@code current} covers {@link LedgerKeys#CONFIG}): records {@code identity} when
   * nothing is recorded yet, refuses it when another one is.
   */
  static void checkWrite(Map<String, JsonNode> current, EmbedderIdentity identity, Map<String, JsonNode> puts) {
    Optional<EmbedderIdentity> recorded = RecordedEmbedder.of(Optional.ofNullable(current.get(LedgerKeys.CONFIG)));
    if (recorded.isEmpty()) {
      puts.put(LedgerKeys.CONFIG, RecordedEmbedder.json(identity));
    } else if (!EmbedderIdentity.sameIdentity(recorded.get(), identity)) {
      throw new WeftException(ExitStatus.BAD_INPUT, "this ledger's vectors are made by " + recorded.get()
          + " (recorded in " + LedgerKeys.CONFIG + ") and this write was embedded by " + identity + "; vectors of "
          + "different models are never mixed — write without naming an embedder (the recorded one is used), or "
          + "move every record to " + identity + " with embedMissing first");
    }
  }

  /** Before a recall embeds its {@code near} text with {@code identity}: refuses a model other than the recorded. */
  static void checkQuery(Store store, EmbedderIdentity identity) {
    Optional<EmbedderIdentity> recorded = recorded(store);
    if (recorded.isPresent() && !EmbedderIdentity.sameIdentity(recorded.get(), identity)) {
      throw new WeftException(ExitStatus.BAD_INPUT, "this ledger's vectors are made by " + recorded.get()
          + " (recorded in " + LedgerKeys.CONFIG + ") and the query would be embedded by " + identity + "; recall "
          + "without naming an embedder (the recorded one is used), or move every record to " + identity
          + " with embed-missing --embedder first");
    }
  }
}
