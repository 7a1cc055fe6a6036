package dev.weft.agents.compact;

import dev.weft.agents.loop.ContextPolicy;
import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.ToolCall;
import dev.weft.agents.tool.Toolbox;
import dev.weft.context.env.Environment;
import dev.weft.context.env.SlotNotFoundException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The transcript as a slot: a {@link ContextPolicy} that, before every call, appends the messages not yet appended
 * to a transcript slot of an {@link Environment} (one turn per message: turn {@code k} is message {@code k}) and
 * sends the pins (system prompt, first user message), one message naming the slot and how to reach earlier rounds,
 * and the last {@code window} rounds ({@link Round}: a tool round stays whole). While the conversation has no more
 * than {@code window} rounds the request is the whole transcript. The model reaches the rest with {@code env_grep},
 * then a bounded {@code env_read} at the offset grep reports ({@link #addTools}). The request stops growing with
 * the conversation; nothing is dropped, because nothing leaves the slot.
 *
 * <p>A new policy over a slot that already holds turns (a resumed run) appends after them: the slot must hold a
 * prefix of the transcript it is given, one turn per message.
 */
public final class TranscriptWindow implements ContextPolicy {
  /** Rounds a request carries when the caller names no window. */
  public static final int DEFAULT_WINDOW = 3;

  private final Environment env;
  private final String slot;
  private final int window;
  private int appended = -1;

  /**
   * @param slot the transcript slot's name (e.g. {@code agent/RUN/transcript})
   * @param window the rounds each request carries, at least 1
   */
  public TranscriptWindow(Environment env, String slot, int window) {
    this.env = Objects.requireNonNull(env, "env");
    this.slot = Objects.requireNonNull(slot, "slot");
    if (window < 1) {
      throw new IllegalArgumentException("transcript window must be at least 1 round, got: " + window);
    }
    this.window = window;
  }

  /** The transcript slot of run {@code runId}: {@code agent/RUN/transcript}. */
  public static TranscriptWindow forRun(Environment env, String runId, int window) {
    return new TranscriptWindow(env, "agent/" + runId + "/transcript", window);
  }

  public String slot() {
    return slot;
  }

  public int window() {
    return window;
  }

  @Override
  public synchronized List<ChatMessage> fit(List<ChatMessage> transcript) {
    if (appended < 0) {
      appended = turnsHeld();
    }
    if (appended > transcript.size()) {
      throw new IllegalArgumentException("transcript slot '" + slot + "' holds " + appended + " turns but the "
          + "conversation has " + transcript.size() + " messages: the slot belongs to another conversation; give "
          + "this run its own slot (another run id)");
    }
    for (int i = appended; i < transcript.size(); i++) {
      ChatMessage message = transcript.get(i);
      env.appendTurn(slot, message.role().wire(), turnText(message));
      appended = i + 1;
    }
    Rounds rounds = Rounds.of(transcript);
    List<Round> all = rounds.rounds();
    if (all.size() <= window) {
      return transcript;
    }
    List<ChatMessage> out = new ArrayList<>(rounds.pins());
    out.add(ChatMessage.assistant(pointer(all.size(), transcript.size())));
    for (Round round : all.subList(all.size() - window, all.size())) {
      out.addAll(round.messages());
    }
    return out;
  }

  @Override
  public void addTools(Toolbox toolbox) {
    new EnvTools(env, slot).addTo(toolbox);
  }

  private String pointer(int rounds, int messages) {
    long chars = env.stat(slot).chars();
    return "[Window: this request carries the last " + window + " of " + rounds + " rounds. The whole "
        + "conversation (" + messages + " messages, " + chars + " characters) is in environment slot '" + slot
        + "', one 'role: text' turn per message. To reach an earlier round: " + EnvTools.GREP
        + " {\"pattern\": \"...\"} answers each match's offset in that slot; then " + EnvTools.READ
        + " {\"name\": \"" + slot + "\", \"offset\": <offset - 100>, \"chars\": 600} reads around it.]";
  }

  private int turnsHeld() {
    try {
      return env.stat(slot + "#turn").pieces();
    } catch (SlotNotFoundException absent) {
      return 0;
    }
  }

  /** A message as one turn's text: its content, then one line per tool call; a tool result names its call. */
  static String turnText(ChatMessage message) {
    StringBuilder out = new StringBuilder();
    message.toolCallId().ifPresent(id -> out.append('[').append(id).append("] "));
    out.append(message.content());
    for (ToolCall call : message.toolCalls()) {
      out.append(out.length() > 0 ? "\n" : "").append("call ").append(call.name()).append(' ')
          .append(call.arguments()).append(" [").append(call.id()).append(']');
    }
    return out.toString();
  }
}
