package dev.weft.agents.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.SubcallException.Reason;
import dev.weft.models.http.ApiKey;
import dev.weft.models.http.Backoff;
import dev.weft.models.http.EndpointConfig;
import dev.weft.models.http.HttpCallException;
import dev.weft.models.http.JsonHttp;
import dev.weft.models.http.MalformedReplyException;
import dev.weft.models.http.Sleeper;
import java.net.URI;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * An OpenAI-compatible chat completions client ({@code POST <base>/v1/chat/completions}) over the HTTP code the
 * embedder uses ({@link JsonHttp}): a deadline for each whole attempt (a streamed reply: the whole stream),
 * bounded retries with backoff on 429, 5xx, timeouts, I/O errors and cut streams honouring {@code Retry-After},
 * cancellation that aborts the exchange in flight, the key in the {@code Authorization} header only.
 *
 * <p>A reply is checked before it is answered: a refusal is {@link Reason#REFUSED}; with an {@link OutputSchema}
 * the content must be JSON ({@link Reason#MALFORMED_REPLY}) satisfying the full schema, checked locally whatever
 * the provider promised ({@link Reason#SCHEMA_MISMATCH}, naming the JSON Pointer and the rule). Usage is the
 * provider's, else estimated ({@link Usage#estimate}). Thread-safe: one client serves many calls at once.
 */
public final class ChatClient {
  private static final Consumer<String> NO_DELTAS = delta -> { };

  private final EndpointConfig config;
  private final URI endpoint;
  private final ApiKey key;
  private final JsonHttp http;

  /** A client with the key from the process environment, real waits and the default backoff. */
  public ChatClient(EndpointConfig config) {
    this(config, System::getenv, Sleeper.SYSTEM, Backoff.DEFAULT);
  }

  /** For tests: {@code env} stands for {@link System#getenv(String)}, the waits go to {@code sleeper}. */
  public ChatClient(EndpointConfig config, Function<String, String> env, Sleeper sleeper, Backoff backoff) {
    this.config = Objects.requireNonNull(config, "config");
    this.endpoint = config.endpoint("/chat/completions");
    this.key = config.apiKey(env);
    this.http = config.http(key, sleeper, backoff);
  }

  public EndpointConfig config() {
    return config;
  }

  /**
   * Asks {@code request} and answers the checked reply.
   *
   * @throws ChatException when the call failed for good, the reply is malformed, refused or off the schema
   * @throws IllegalArgumentException when the request's output schema is not a valid JSON Schema (nothing is sent)
   */
  public ChatReply chat(ChatRequest request, CancelSignal cancel) {
    return chat(request, cancel, NO_DELTAS);
  }

  /**
   * As {@link #chat(ChatRequest, CancelSignal)}, passing each piece of the assistant's text to {@code deltas} as a
   * streamed reply delivers it (a request that does not stream delivers none). The pieces arrive on the HTTP
   * client's thread, in order, before this method returns. A retried stream starts over, so the pieces of a failed
   * attempt were already passed on; the reply's content is the answering attempt's alone. A {@code deltas} that
   * throws ends the call as a malformed reply.
   */
  public ChatReply chat(ChatRequest request, CancelSignal cancel, Consumer<String> deltas) {
    Objects.requireNonNull(deltas, "deltas");
    request.outputSchema().ifPresent(schema -> ReplySchema.compile(schema.schema()));
    byte[] body;
    try {
      body = JsonHttp.JSON.writeValueAsBytes(ChatWire.body(config.model(), request));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(what(request) + ": cannot write the request: " + e.getOriginalMessage(), e);
    }
    RawReply raw;
    try {
      if (request.stream()) {
        raw = http.stream(endpoint, body, cancel, () -> new StreamedReply(http, deltas)).reply();
      } else {
        raw = ChatWire.completion(http.postJson(endpoint, body, cancel), http);
      }
    } catch (HttpCallException e) {
      Reason reason = reason(e.kind());
      throw new ChatException(reason, e.attempts(), e.describe(what(request)) + "; " + wayOut(reason));
    } catch (MalformedReplyException e) {
      throw failure(Reason.MALFORMED_REPLY, request, e.getMessage());
    }
    return check(request, raw);
  }

  private ChatReply check(ChatRequest request, RawReply raw) {
    if (raw.refusal().isPresent()) {
      throw failure(Reason.REFUSED, request, "the model refused: " + http.quote(raw.refusal().get()));
    }
    Usage usage = raw.usage()
        .orElseGet(() -> Usage.estimate(ChatWire.promptChars(request), ChatWire.replyChars(raw)));
    Optional<JsonNode> structured = Optional.empty();
    if (request.outputSchema().isPresent() && raw.toolCalls().isEmpty()) {
      OutputSchema schema = request.outputSchema().get();
      JsonNode json;
      try {
        json = JsonHttp.JSON.readTree(raw.content());
      } catch (JsonProcessingException e) {
        json = null;
      }
      if (json == null || json.isMissingNode()) {
        throw failure(Reason.MALFORMED_REPLY, request, "the reply is not JSON, though output schema '"
            + schema.name() + "' was asked for (finish reason '" + raw.finishReason() + "'): "
            + http.quote(raw.content()), key.scrub(raw.content()));
      }
      Optional<String> violation = ReplySchema.violation(schema.schema(), json);
      if (violation.isPresent()) {
        throw failure(Reason.SCHEMA_MISMATCH, request, "the reply does not match output schema '" + schema.name()
            + "' " + key.scrub(violation.get()), key.scrub(raw.content()));
      }
      structured = Optional.of(json);
    }
    return new ChatReply(raw.content(), raw.toolCalls(), raw.finishReason(), usage, structured);
  }

  private ChatException failure(Reason reason, ChatRequest request, String detail) {
    return failure(reason, request, detail, null);
  }

  private ChatException failure(Reason reason, ChatRequest request, String detail, String reply) {
    return new ChatException(reason, 1, what(request) + ": " + detail + "; " + wayOut(reason), reply);
  }

  private String what(ChatRequest request) {
    return "chat request to " + endpoint + " (model " + config.model() + ", " + request.messages().size()
        + " messages" + (request.stream() ? ", streamed" : "") + ")";
  }

  private String wayOut(Reason reason) {
    return ChatException.wayOut(reason, config.baseUrl(), config.apiKeyEnv());
  }

  static Reason reason(HttpCallException.Kind kind) {
    return switch (kind) {
      case STATUS_429 -> Reason.RATE_LIMITED;
      case STATUS_5XX -> Reason.SERVER_ERROR;
      case STATUS_NOT_RETRIED -> Reason.REFUSED;
      case TIMEOUT -> Reason.TIMEOUT;
      case MALFORMED_JSON -> Reason.MALFORMED_REPLY;
      case CONNECT_REFUSED, IO_ERROR, STREAM_CUT -> Reason.IO_ERROR;
      case INTERRUPTED, INTERRUPTED_WAITING, CANCELLED -> Reason.CANCELLED;
    };
  }

  @Override
  public String toString() {
    return "ChatClient[" + config.model() + " at " + endpoint + ", key from " + key + "]";
  }
}
