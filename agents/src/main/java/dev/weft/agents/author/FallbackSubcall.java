package dev.weft.agents.author;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.model.ChatSubcall;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.MapCall;
import dev.weft.context.program.Subcall;
import dev.weft.context.program.SubcallException;
import java.util.List;

/**
 * A map sub-call over a router's models in order: the next is asked only when the one before failed for good, and
 * never after a cancel. Serializable as its chat sub-calls are, so the Beam runners ship it to workers.
 */
final class FallbackSubcall implements Subcall {
  private static final long serialVersionUID = 1L;

  private final List<Subcall> models;

  private FallbackSubcall(List<Subcall> models) {
    this.models = List.copyOf(models);
  }

  /** The chat sub-call of each choice; one choice is its chat sub-call alone. */
  static Subcall of(List<ModelChoice> choices) {
    List<Subcall> models = ModelRouter.checked("subcall", choices).stream()
        .map(c -> (Subcall) new ChatSubcall(c.configured())).toList();
    return models.size() == 1 ? models.get(0) : new FallbackSubcall(models);
  }

  @Override
  public JsonNode call(MapCall call, CancelSignal cancel) throws SubcallException {
    SubcallException last = null;
    for (Subcall model : models) {
      if (cancel.isCancelled()) {
        break;
      }
      try {
        return model.call(call, cancel);
      } catch (SubcallException e) {
        if (e.reason() == SubcallException.Reason.CANCELLED) {
          throw e;
        }
        last = e; // the next model is asked; the last failure is the piece's if every model fails
      }
    }
    if (last == null) {
      throw new SubcallException(SubcallException.Reason.CANCELLED, call.address() + ": cancelled before a model "
          + "was asked");
    }
    throw new SubcallException(last.reason(), "every one of " + models.size() + " models failed; the last: "
        + last.getMessage());
  }
}
