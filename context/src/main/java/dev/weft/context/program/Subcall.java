package dev.weft.context.program;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.Serializable;

/**
 * Asks one {@link MapCall} of a model and answers its reply as JSON (a structured reply as is, a text reply as a
 * JSON string). Serializable because the Beam transform ships it to workers: an implementation keeps its
 * configuration in fields and opens clients lazily in transient ones.
 *
 * <p>Implementations are thread-safe (the in-process runner calls one instance from several threads), honour the
 * cancel signal for a call in flight (abort the exchange, not merely stop waiting) and keep their own per-call
 * deadline and bounded retries; a call that still fails throws {@link SubcallException}, which the runners record
 * as that piece's {@code {error}} result — a failed piece never fails the map.
 */
@FunctionalInterface
public interface Subcall extends Serializable {
  JsonNode call(MapCall call, CancelSignal cancel) throws SubcallException;
}
