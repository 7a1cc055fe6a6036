package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@code readSlot} answers: {@code live} with the text, {@code absent} (never minted, or rolled back), or
 * {@code evicted} with the tombstone's metadata (when, why, how many bytes) and no text.
 */
public record SlotRead(String status, Optional<String> text, Optional<JsonNode> meta) {
  public SlotRead {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(meta, "meta");
  }
}
