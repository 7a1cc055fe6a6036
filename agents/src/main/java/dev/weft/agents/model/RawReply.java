package dev.weft.agents.model;

import java.util.List;
import java.util.Optional;

/**
 * A reply as the wire carried it, before the client checks it: the text, the tool calls, the finish reason, the
 * provider's refusal text if it refused, and the usage if it reported one.
 */
record RawReply(String content, List<ToolCall> toolCalls, String finishReason, Optional<String> refusal,
    Optional<Usage> usage) {}
