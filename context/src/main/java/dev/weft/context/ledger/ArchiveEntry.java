package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * One slot to put: its content and its metadata, which the ledger keeps apart from the content (a listing or a
 * retention pass reads the metadata without the bytes).
 *
 * @param name a label for people (not an address: the ledger mints {@code slot:N})
 * @param meta any JSON object the harness wants kept with it (source, tool, content type)
 */
public record ArchiveEntry(String name, String text, JsonNode meta) {
  public ArchiveEntry {
    Records.requireText(name, "slot name");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(meta, "meta");
    if (!meta.isObject()) {
      throw new IllegalArgumentException("slot meta must be a JSON object, got: " + meta);
    }
  }
}
