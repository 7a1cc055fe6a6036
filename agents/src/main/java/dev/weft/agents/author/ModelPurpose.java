package dev.weft.agents.author;

import java.util.Locale;

/** What a routed model call is for: writing the program, or answering one piece of its map. */
public enum ModelPurpose {
  AUTHOR,
  SUBCALL;

  /** {@code author}, {@code subcall}: the name in options and JSON. */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The purpose named {@code wire}. Embeddings are refused by name: an index has one embedder identity, recorded
   * with every vector, so a query embedded by a routed model would be refused at recall anyway (embeddings.md).
   */
  public static ModelPurpose ofWire(String wire) {
    if ("embedding".equalsIgnoreCase(wire) || "embed".equalsIgnoreCase(wire)) {
      throw new IllegalArgumentException("model routing is for chat calls (author, subcall); embedding routing is "
          + "refused, got: '" + wire + "': an index embeds with its one recorded embedder (--embedder)");
    }
    for (ModelPurpose purpose : values()) {
      if (purpose.wire().equals(wire)) {
        return purpose;
      }
    }
    throw new IllegalArgumentException("model purpose must be author or subcall, got: '" + wire + "'");
  }
}
