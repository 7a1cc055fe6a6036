package dev.weft.agents.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.MapCall;
import dev.weft.context.program.SubcallException;
import dev.weft.models.http.Backoff;
import dev.weft.models.http.EndpointConfig;
import dev.weft.models.http.Sleeper;
import java.io.Serializable;
import java.util.Objects;
import java.util.Optional;

/**
 * A program's {@code map} sub-call asked of a chat model. The prompt is framed as two messages: the step's
 * instruction as the {@code system} message (it is the same for every piece, so providers can cache that prefix),
 * and the piece as the only {@code user} message, verbatim — nothing is added around it, so what the model sees
 * is exactly what the program addressed. With an output schema the request carries it as {@code response_format}
 * and the answer is the reply parsed and validated against it; without one, the answer is the reply's text as a
 * JSON string.
 *
 * <p>Serializable (Beam ships it to workers): it holds the configuration only, and opens its {@link ChatClient}
 * lazily, once per instance, in a transient field; the key is read from the worker's environment then. Thread-safe.
 * A failure is a {@link SubcallException} with the client's {@link SubcallException.Reason}, its message one line.
 */
public final class ChatSubcall implements MeteredSubcall {
  private static final long serialVersionUID = 1L;

  /** A wait between retries that can travel with the sub-call (tests pass a recording one). */
  public interface RetryWait extends Sleeper, Serializable {}

  private final EndpointConfig config;
  private final boolean stream;
  private final RetryWait retryWait;
  private transient volatile ChatClient client;

  /** Asks {@code config}'s model, not streamed, waiting for real between retries. */
  public ChatSubcall(EndpointConfig config) {
    this(config, false, null);
  }

  /**
   * @param stream whether to stream each reply (the deadline then covers the whole stream)
   * @param retryWait the wait between retries; null: really wait, cut short by a cancel
   */
  public ChatSubcall(EndpointConfig config, boolean stream, RetryWait retryWait) {
    this.config = Objects.requireNonNull(config, "config");
    config.apiKey(System::getenv); // a key no header can carry is refused here, before any call is made
    this.stream = stream;
    this.retryWait = retryWait;
  }

  public EndpointConfig config() {
    return config;
  }

  @Override
  public JsonNode call(MapCall call, CancelSignal cancel) throws SubcallException {
    return callMetered(call, cancel).value();
  }

  @Override
  public Metered callMetered(MapCall call, CancelSignal cancel) throws SubcallException {
    ChatRequest request = ChatRequest.of(ChatMessage.system(call.instruction()), ChatMessage.user(call.piece()))
        .streaming(stream);
    Optional<JsonNode> schema = call.outputSchema();
    if (schema.isPresent()) {
      request = request.withOutputSchema(new OutputSchema("map_result", schema.get()));
    }
    ChatClient chat = client(); // outside the try: a refused key is no schema failure
    try {
      ChatReply reply = chat.chat(request, cancel);
      return new Metered(reply.structured().orElseGet(() -> TextNode.valueOf(reply.content())), reply.usage());
    } catch (ChatException e) {
      throw new SubcallException(e.reason(), call.address() + ": " + e.getMessage());
    } catch (IllegalArgumentException e) {
      // The step's output schema is not a valid JSON Schema: no model was called.
      throw new SubcallException(SubcallException.Reason.SCHEMA_MISMATCH, call.address() + ": " + e.getMessage());
    }
  }

  private ChatClient client() {
    ChatClient c = client;
    if (c == null) {
      synchronized (this) {
        c = client;
        if (c == null) {
          Sleeper sleeper = retryWait == null ? Sleeper.SYSTEM : retryWait;
          c = new ChatClient(config, System::getenv, sleeper, Backoff.DEFAULT);
          client = c;
        }
      }
    }
    return c;
  }

  @Override
  public String toString() {
    return "ChatSubcall[" + config + (stream ? ", streamed" : "") + "]";
  }

  /** For {@link RetryWait} users: a wait that records nothing and returns at once. */
  public static RetryWait noWait() {
    return duration -> { };
  }
}
