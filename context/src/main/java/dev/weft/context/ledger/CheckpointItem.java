package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Objects;

/**
 * One line of a goal checkpoint: a note, its evidence, and every progress entry it stands for.
 *
 * @param sources the entries folded into it, each with its id and timestamp, oldest first
 */
public record CheckpointItem(String note, JsonNode evidence, List<Source> sources) {
  public CheckpointItem {
    Objects.requireNonNull(note, "note");
    Objects.requireNonNull(evidence, "evidence");
    sources = List.copyOf(sources);
  }

  /** A progress entry a checkpoint item stands for. */
  public record Source(String id, String at) {
    public Source {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(at, "at");
    }
  }
}
