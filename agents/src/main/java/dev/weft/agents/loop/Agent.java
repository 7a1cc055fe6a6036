package dev.weft.agents.loop;

import dev.weft.agents.model.ChatClient;
import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.tool.Toolbox;
import dev.weft.context.program.CancelSignal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * A model with tools, in a bounded loop: ask the model, run the tools it asks for, give it their results, ask
 * again — until it answers, or a limit stops the run with a named {@link StopReason} and one readable line. A run
 * never throws for what the model or the network did: a failed model call ends it with
 * {@link StopReason#MODEL_ERROR} and everything it had so far. The history given is never changed; the run hands
 * back the whole new transcript ({@link AgentRun}). See docs/agents.md, "Agent loop".
 *
 * <p>Runs share nothing but the client, the toolbox and the options (each run has its own budget), so one agent
 * serves several runs at once as far as its context policy and its tools allow it.
 */
public final class Agent {
  private final ChatClient client;
  private final Toolbox toolbox;
  private final AgentOptions options;
  private final LongSupplier nanos;

  /**
   * An agent over {@code client} and {@code toolbox}. The context policy's own tools (e.g. one that brings back a
   * dropped round) are added to {@code toolbox} here, once.
   */
  public Agent(ChatClient client, Toolbox toolbox, AgentOptions options) {
    this(client, toolbox, options, System::nanoTime);
  }

  /** For tests: {@code nanos} stands for {@link System#nanoTime()}. */
  Agent(ChatClient client, Toolbox toolbox, AgentOptions options, LongSupplier nanos) {
    this.client = Objects.requireNonNull(client, "client");
    this.toolbox = Objects.requireNonNull(toolbox, "toolbox");
    this.options = Objects.requireNonNull(options, "options");
    this.nanos = Objects.requireNonNull(nanos, "nanos");
    options.contextPolicy().addTools(toolbox);
  }

  public AgentOptions options() {
    return options;
  }

  /** As {@link #send(List, AgentCallbacks, CancelSignal)}, never cancelled. */
  public AgentRun send(List<ChatMessage> history, AgentCallbacks callbacks) {
    return send(history, callbacks, CancelSignal.none());
  }

  /**
   * Runs the loop on {@code history} (not changed) under the options' budget. The options' system prompt goes
   * first when the history does not start with a system message.
   *
   * @param cancel ends the run with {@link StopReason#CANCELLED}: it aborts a model call in flight and is checked
   *     between tool calls
   * @throws IllegalArgumentException when the history is empty
   */
  public AgentRun send(List<ChatMessage> history, AgentCallbacks callbacks, CancelSignal cancel) {
    Objects.requireNonNull(history, "history");
    if (history.isEmpty()) {
      throw new IllegalArgumentException("the history must hold at least one message (the user's), got none");
    }
    List<ChatMessage> start = new ArrayList<>(history.size() + 1);
    if (options.systemPrompt().isPresent() && history.get(0).role() != ChatMessage.Role.SYSTEM) {
      start.add(ChatMessage.system(options.systemPrompt().get()));
    }
    start.addAll(history);
    return new AgentLoop(client, toolbox, options, options.budget(), start, start.size(), callbacks, cancel, nanos)
        .run();
  }

  /** As {@link #resume(AgentRun, Budget, AgentCallbacks, CancelSignal)} with the options' budget, afresh. */
  public AgentRun resume(AgentRun stopped, AgentCallbacks callbacks, CancelSignal cancel) {
    return resume(stopped, options.budget(), callbacks, cancel);
  }

  /**
   * Continues a stopped run from its transcript under {@code budget}, counted afresh: the model is asked again
   * with everything the stopped run had (calls a stop kept from running are answered in it as not run, so the
   * model can ask for them again). The new run's steps and spend are its own; its transcript is the whole.
   * A completed run has nothing to continue: it resumes to itself, the same object, and no call is made.
   */
  public AgentRun resume(AgentRun stopped, Budget budget, AgentCallbacks callbacks, CancelSignal cancel) {
    Objects.requireNonNull(stopped, "stopped");
    Objects.requireNonNull(budget, "budget");
    if (stopped.completed()) {
      return stopped;
    }
    List<ChatMessage> start = stopped.transcript();
    return new AgentLoop(client, toolbox, options, budget, start, start.size(), callbacks, cancel, nanos).run();
  }
}
