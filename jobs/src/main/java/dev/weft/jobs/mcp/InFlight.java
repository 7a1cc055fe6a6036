package dev.weft.jobs.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.program.CancelSignal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tool calls a session has in flight, by request id: each with the {@link CancelSignal} its tool watches. A
 * {@code notifications/cancelled} for one cancels its signal and suppresses its response (the MCP spec: "receivers
 * of a cancellation notification SHOULD ... not send a response for the cancelled request"); one for an id that is
 * unknown or already answered is ignored, as the spec allows for the race between a response and a cancel.
 */
final class InFlight {
  /** One call: cancelled and answered are decided under its lock, so exactly one of them wins. */
  static final class Call {
    final CancelSignal cancel = new CancelSignal();
    private boolean cancelled;
    private boolean answered;
  }

  private final Map<String, Call> calls = new ConcurrentHashMap<>();

  /** The id's key: a string id and a number id never collide ("1" and 1 are two requests). */
  static String key(JsonNode id) {
    return (id.isTextual() ? "s:" + id.textValue() : "n:" + id.asText());
  }

  /** A new call under {@code id}, or empty when a call with that id is still in flight. */
  Optional<Call> start(JsonNode id) {
    Call call = new Call();
    return calls.putIfAbsent(key(id), call) == null ? Optional.of(call) : Optional.empty();
  }

  /** Cancels the call under {@code requestId}, if it is in flight and not answered yet. */
  void cancel(JsonNode requestId) {
    Call call = requestId == null ? null : calls.get(key(requestId));
    if (call == null) {
      return;
    }
    synchronized (call) {
      if (call.answered) {
        return;
      }
      call.cancelled = true;
    }
    call.cancel.cancel(); // outside the lock: the tool's abort actions may take their own locks
  }

  /**
   * Ends the call: true when its response is to be sent, false when it was cancelled (no response). The id is free
   * for reuse before the response is written, so a client that reuses it on receipt is never told it is in use.
   */
  boolean finish(JsonNode id, Call call) {
    boolean answer;
    synchronized (call) {
      answer = !call.cancelled;
      call.answered = answer;
    }
    calls.remove(key(id), call);
    return answer;
  }

  /** Cancels every call still in flight (the input ended and they outlived the wait): none will be answered. */
  void cancelAll() {
    for (Call call : List.copyOf(calls.values())) {
      synchronized (call) {
        if (call.answered) {
          continue;
        }
        call.cancelled = true;
      }
      call.cancel.cancel();
    }
  }

  int size() {
    return calls.size();
  }
}
