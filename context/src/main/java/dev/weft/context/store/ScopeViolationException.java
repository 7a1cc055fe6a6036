package dev.weft.context.store;

import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;

/** A mutate tried to write a key its scope does not cover; nothing was published. */
public final class ScopeViolationException extends WeftException {
  public ScopeViolationException(String key, Scope scope) {
    super(
        ExitStatus.BAD_INPUT,
        "mutate refused: key '"
            + key
            + "' is outside the scope "
            + scope
            + "; nothing was written — widen the scope to cover it or write it in a separate mutate");
  }
}
