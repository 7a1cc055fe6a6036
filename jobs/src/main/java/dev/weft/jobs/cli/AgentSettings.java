package dev.weft.jobs.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.loop.AgentOptions;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.weft.jobs.view.Json;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * The knobs of one {@code weft agent} run, saved with the run so that {@code --resume} rebuilds the agent the same
 * way: a flag given on the resuming command line wins, else the saved value, else the default. Either context
 * flag replaces the saved policy whole (the two are exclusive).
 *
 * @param maxToolRounds {@code --max-tool-rounds}, at least 1
 * @param budgetTokens {@code --budget-tokens}, at least 1 when present
 * @param historyBudget {@code --history-budget} in characters, at least 1 when present
 * @param transcriptWindow {@code --transcript-window} in rounds, at least 1 when present
 * @param toolSets {@code --tools}: the tool sets added to Weft's toolbox, each one of {@link #TOOL_SETS}, once
 */
record AgentSettings(int maxToolRounds, Optional<Long> budgetTokens, Optional<Integer> historyBudget,
    Optional<Integer> transcriptWindow, List<String> toolSets) {
  /** The tool sets {@code --tools} may name: {@code geo}, the geo toolbox (dev.weft.agents.geo). */
  static final List<String> TOOL_SETS = List.of("geo");

  AgentSettings {
    toolSets = List.copyOf(new LinkedHashSet<>(toolSets));
    for (String set : toolSets) {
      if (!TOOL_SETS.contains(set)) {
        throw new IllegalArgumentException("--tools names '" + set + "', which is no tool set; the sets are: "
            + String.join(", ", TOOL_SETS));
      }
    }
    atLeastOne("--max-tool-rounds", maxToolRounds);
    budgetTokens.ifPresent(n -> atLeastOne("--budget-tokens", n));
    historyBudget.ifPresent(n -> atLeastOne("--history-budget", n));
    transcriptWindow.ifPresent(n -> atLeastOne("--transcript-window", n));
    if (historyBudget.isPresent() && transcriptWindow.isPresent()) {
      throw new IllegalArgumentException("--history-budget and --transcript-window are two ways of fitting a "
          + "request; give one, got both");
    }
  }

  /** The flags given ({@code null}: not given) over the saved settings of a resumed run. */
  static AgentSettings of(Integer maxToolRounds, Long budgetTokens, Integer historyBudget, Integer transcriptWindow,
      List<String> toolSets, Optional<JsonNode> saved) {
    JsonNode before = saved.orElse(Json.object());
    boolean contextGiven = historyBudget != null || transcriptWindow != null;
    return new AgentSettings(
        maxToolRounds != null ? maxToolRounds
            : before.path("maxToolRounds").asInt(AgentOptions.DEFAULT_MAX_TOOL_ROUNDS),
        Optional.ofNullable(budgetTokens).or(() -> longOf(before, "budgetTokens")),
        contextGiven ? Optional.ofNullable(historyBudget) : intOf(before, "historyBudget"),
        contextGiven ? Optional.ofNullable(transcriptWindow) : intOf(before, "transcriptWindow"),
        toolSets != null ? toolSets : stringsOf(before, "tools"));
  }

  JsonNode toJson() {
    ObjectNode json = Json.object().put("maxToolRounds", maxToolRounds);
    budgetTokens.ifPresent(n -> json.put("budgetTokens", n));
    historyBudget.ifPresent(n -> json.put("historyBudget", n));
    transcriptWindow.ifPresent(n -> json.put("transcriptWindow", n));
    if (!toolSets.isEmpty()) {
      ArrayNode sets = json.putArray("tools");
      toolSets.forEach(sets::add);
    }
    return json;
  }

  private static List<String> stringsOf(JsonNode json, String field) {
    List<String> out = new ArrayList<>();
    json.path(field).forEach(value -> out.add(value.asText()));
    return out;
  }

  private static Optional<Long> longOf(JsonNode json, String field) {
    return json.path(field).isIntegralNumber() ? Optional.of(json.path(field).asLong()) : Optional.empty();
  }

  private static Optional<Integer> intOf(JsonNode json, String field) {
    return json.path(field).isIntegralNumber() ? Optional.of(json.path(field).asInt()) : Optional.empty();
  }

  private static void atLeastOne(String flag, long value) {
    if (value < 1) {
      throw new IllegalArgumentException(flag + " must be at least 1, got: " + value);
    }
  }
}
