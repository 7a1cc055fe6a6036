package dev.weft.agents.model;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.MapCall;
import dev.weft.context.program.Subcall;
import dev.weft.context.program.SubcallException;
import java.util.Objects;

/**
 * A {@link Subcall} that can also say what a call cost: the provider's usage, else the client's estimate. A budget
 * that settles tokens after each call (a recursion tree's) asks this; {@link #call} answers the value alone.
 */
public interface MeteredSubcall extends Subcall {
  /** The reply and the tokens it used. */
  record Metered(JsonNode value, Usage usage) {
    public Metered {
      Objects.requireNonNull(value, "value");
      Objects.requireNonNull(usage, "usage");
    }
  }

  Metered callMetered(MapCall call, CancelSignal cancel) throws SubcallException;

  @Override
  default JsonNode call(MapCall call, CancelSignal cancel) throws SubcallException {
    return callMetered(call, cancel).value();
  }
}
