package dev.weft.agents.model.stub;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * One request as the stub saw it.
 *
 * @param call the call's number, from 1, in order of arrival
 * @param path the request path, e.g. {@code /v1/chat/completions}
 * @param authorization the {@code Authorization} header, or null
 * @param body the request body as JSON (a JSON null node when it was not JSON)
 */
public record StubRequest(int call, String path, String authorization, JsonNode body) {
  /** The model the request names. */
  public String model() {
    return body.path("model").asText();
  }

  /** Whether the client asked for a stream. */
  public boolean stream() {
    return body.path("stream").asBoolean(false);
  }

  /** Whether a streaming client asked for the usage chunk ({@code stream_options.include_usage}). */
  public boolean includeUsage() {
    return body.path("stream_options").path("include_usage").asBoolean(false);
  }

  /** The content of the last message of {@code role}, or "" when there is none. */
  public String lastMessage(String role) {
    String found = "";
    for (JsonNode message : body.path("messages")) {
      if (role.equals(message.path("role").asText())) {
        found = message.path("content").asText("");
      }
    }
    return found;
  }

  /** The last user message: the piece, for a map sub-call. */
  public String userMessage() {
    return lastMessage("user");
  }

  /** The system message: the instruction, for a map sub-call. */
  public String systemMessage() {
    return lastMessage("system");
  }

  /** The JSON Schema of {@code response_format} when the request asks for structured output. */
  public Optional<JsonNode> outputSchema() {
    JsonNode format = body.path("response_format");
    return "json_schema".equals(format.path("type").asText())
        ? Optional.of(format.path("json_schema").path("schema")).filter(JsonNode::isObject)
        : Optional.empty();
  }
}
