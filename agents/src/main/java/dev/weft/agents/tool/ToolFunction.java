package dev.weft.agents.tool;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What a tool does with input that already passed its schema. It may throw: the {@link Toolbox} turns any
 * exception into an error result the model reads, so a tool's failure never ends the agent's loop.
 */
@FunctionalInterface
public interface ToolFunction {
  JsonNode execute(JsonNode input) throws Exception;
}
