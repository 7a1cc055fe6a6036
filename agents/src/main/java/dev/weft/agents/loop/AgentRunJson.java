package dev.weft.agents.loop;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.loop.AgentStep.ModelCall;
import dev.weft.agents.loop.AgentStep.ToolRun;
import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.MessageJson;
import dev.weft.agents.model.ToolCall;
import dev.weft.agents.model.Usage;
import java.util.ArrayList;
import java.util.List;

/** {@link AgentRun}'s JSON form, both ways; the field names are the records' own. */
final class AgentRunJson {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private AgentRunJson() {}

  static ObjectNode write(AgentRun run) {
    ObjectNode out = NODES.objectNode();
    out.put("stopReason", run.stopReason().wire());
    out.put("stopMessage", run.stopMessage());
    out.put("answer", run.answer());
    Spend s = run.spend();
    out.putObject("spend").put("turns", s.turns()).put("promptTokens", s.promptTokens())
        .put("completionTokens", s.completionTokens()).put("totalTokens", s.totalTokens())
        .put("estimated", s.estimated()).put("estimatedCalls", s.estimatedCalls()).put("ms", s.ms());
    out.put("firstAdded", run.firstAdded());
    out.set("transcript", MessageJson.write(run.transcript()));
    ArrayNode steps = out.putArray("steps");
    for (AgentStep step : run.steps()) {
      steps.add(write(step));
    }
    return out;
  }

  private static ObjectNode write(AgentStep step) {
    ObjectNode out = NODES.objectNode();
    if (step instanceof ModelCall m) {
      out.put("kind", "model").put("turn", m.turn()).put("messagesSent", m.messagesSent())
          .put("charsSent", m.charsSent()).put("content", m.content());
      ArrayNode calls = out.putArray("toolCalls");
      m.toolCalls().forEach(call -> calls.add(call(call)));
      out.put("finishReason", m.finishReason());
      Usage u = m.usage();
      out.putObject("usage").put("promptTokens", u.promptTokens()).put("completionTokens", u.completionTokens())
          .put("totalTokens", u.totalTokens()).put("estimated", u.estimated());
    } else if (step instanceof ToolRun t) {
      out.put("kind", "tool").put("round", t.round()).set("call", call(t.call()));
      out.set("result", t.result());
      out.put("error", t.error()).put("resultChars", t.resultChars()).put("cut", t.cut());
    }
    out.put("ms", step.ms());
    return out;
  }

  private static ObjectNode call(ToolCall call) {
    return NODES.objectNode().put("id", call.id()).put("name", call.name()).put("arguments", call.arguments());
  }

  static AgentRun read(JsonNode json) {
    if (json == null || !json.isObject()) {
      throw new IllegalArgumentException("an agent run must be a JSON object, got: "
          + (json == null ? "nothing" : json.getNodeType()));
    }
    List<ChatMessage> transcript;
    try {
      transcript = MessageJson.read(json.get("transcript"));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("agent run transcript: " + e.getMessage(), e);
    }
    JsonNode s = object(json, "spend");
    Spend spend = new Spend((int) number(s, "turns"), number(s, "promptTokens"), number(s, "completionTokens"),
        number(s, "totalTokens"), (int) number(s, "estimatedCalls"), number(s, "ms"));
    List<AgentStep> steps = new ArrayList<>();
    for (JsonNode step : json.path("steps")) {
      steps.add(step(step));
    }
    return new AgentRun(transcript, (int) number(json, "firstAdded"), steps,
        StopReason.ofWire(text(json, "stopReason")), text(json, "stopMessage"), text(json, "answer"), spend);
  }

  private static AgentStep step(JsonNode step) {
    String kind = text(step, "kind");
    if (kind.equals("model")) {
      List<ToolCall> calls = new ArrayList<>();
      step.path("toolCalls").forEach(call -> calls.add(call(call)));
      JsonNode u = object(step, "usage");
      Usage usage = new Usage(number(u, "promptTokens"), number(u, "completionTokens"), number(u, "totalTokens"),
          u.path("estimated").asBoolean(false));
      return new ModelCall((int) number(step, "turn"), (int) number(step, "messagesSent"),
          number(step, "charsSent"), text(step, "content"), calls, text(step, "finishReason"), usage,
          number(step, "ms"));
    }
    if (kind.equals("tool")) {
      return new ToolRun((int) number(step, "round"), call(object(step, "call")), step.path("result"),
          step.path("error").asBoolean(false), number(step, "resultChars"), step.path("cut").asBoolean(false),
          number(step, "ms"));
    }
    throw new IllegalArgumentException("a step's kind must be model or tool, got: '" + kind + "'");
  }

  private static ToolCall call(JsonNode call) {
    return new ToolCall(text(call, "id"), text(call, "name"), text(call, "arguments"));
  }

  private static JsonNode object(JsonNode node, String field) {
    if (!node.path(field).isObject()) {
      throw new IllegalArgumentException("agent run field '" + field + "' must be an object, got: "
          + node.path(field).getNodeType());
    }
    return node.path(field);
  }

  private static String text(JsonNode node, String field) {
    if (!node.path(field).isTextual()) {
      throw new IllegalArgumentException("agent run field '" + field + "' must be text, got: "
          + node.path(field).getNodeType());
    }
    return node.path(field).asText();
  }

  private static long number(JsonNode node, String field) {
    if (!node.path(field).canConvertToLong()) {
      throw new IllegalArgumentException("agent run field '" + field + "' must be a whole number, got: "
          + node.path(field).getNodeType());
    }
    return node.path(field).asLong();
  }
}
