package dev.weft.agents.loop;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.agents.loop.AgentStep.ModelCall;
import dev.weft.agents.loop.AgentStep.ToolRun;
import dev.weft.agents.model.ChatClient;
import dev.weft.agents.model.ChatException;
import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.ChatReply;
import dev.weft.agents.model.ChatRequest;
import dev.weft.agents.model.ToolCall;
import dev.weft.agents.model.ToolDefinition;
import dev.weft.agents.tool.ToolResult;
import dev.weft.agents.tool.Toolbox;
import dev.weft.context.program.CancelSignal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.LongSupplier;

/** One run of the tool loop: its transcript, steps and spend, from the first model call to the stop. */
final class AgentLoop {
  private final ChatClient client;
  private final Toolbox toolbox;
  private final AgentOptions options;
  private final Budget budget;
  private final AgentCallbacks callbacks;
  private final CancelSignal cancel;
  private final LongSupplier nanos;
  private final RunClock clock;
  private final List<ChatMessage> transcript;
  private final int firstAdded;
  private final List<AgentStep> steps = new ArrayList<>();
  private Spend spend = Spend.NONE;
  private int rounds;

  AgentLoop(ChatClient client, Toolbox toolbox, AgentOptions options, Budget budget, List<ChatMessage> start,
      int firstAdded, AgentCallbacks callbacks, CancelSignal cancel, LongSupplier nanos) {
    this.client = client;
    this.toolbox = toolbox;
    this.options = options;
    this.budget = budget;
    this.callbacks = callbacks;
    this.cancel = cancel;
    this.nanos = nanos;
    this.clock = new RunClock(nanos, budget.ms());
    this.transcript = new ArrayList<>(start);
    this.firstAdded = firstAdded;
  }

  AgentRun run() {
    List<ToolDefinition> tools = toolbox.definitions();
    while (true) {
      Optional<AgentRun> stop = beforeCall();
      if (stop.isPresent()) {
        return stop.get();
      }
      List<ChatMessage> sent = options.contextPolicy().fit(Collections.unmodifiableList(transcript));
      Optional<String> goal = GoalSection.compose(options.ledger());
      if (goal.isPresent()) {
        Optional<String> refusal = GoalSection.refusal(goal.get(), options.maxGoalChars(), budget);
        if (refusal.isPresent()) {
          return stop(StopReason.GOAL_TOO_LARGE, "Stopped before a model call: " + refusal.get() + ".");
        }
        sent = GoalSection.into(sent, goal.get());
      }
      ChatRequest request = ChatRequest.of(sent).withTools(tools).streaming(options.stream());
      long began = nanos.getAsLong();
      ChatReply reply;
      try (RunClock.Guard guard = clock.guard(cancel)) {
        try {
          reply = client.chat(request, guard.signal(), callbacks::onDelta);
        } catch (ChatException e) {
          return modelFailed(e, guard.deadlineFired());
        }
      }
      spend = spend.plus(reply.usage());
      step(new ModelCall(spend.turns(), sent.size(), chars(sent), reply.content(), reply.toolCalls(),
          reply.finishReason(), reply.usage(), msSince(began)));
      if (reply.toolCalls().isEmpty()) {
        transcript.add(ChatMessage.assistant(reply.content()));
        return finish(StopReason.COMPLETED, String.format(Locale.ROOT, "Completed: the model answered after %d "
            + "model call(s) and %d tool round(s).", spend.turns(), rounds), reply.content());
      }
      transcript.add(ChatMessage.assistant(reply.content(), reply.toolCalls()));
      if (rounds >= options.maxToolRounds()) {
        notRun(reply.toolCalls(), 0, "the agent stopped at its limit of " + options.maxToolRounds()
            + " tool rounds");
        return stop(StopReason.MAX_TOOL_ROUNDS, String.format(Locale.ROOT, "Stopped after %d tool rounds "
            + "without a final answer: the model asked for %d more tool call(s) (%s), which were not run; "
            + "resume the run to continue, or raise maxToolRounds.", rounds, reply.toolCalls().size(),
            names(reply.toolCalls())));
      }
      if (tokensSpent()) {
        notRun(reply.toolCalls(), 0, "the tokens budget is spent");
        return stop(StopReason.TOKENS, tokensMessage());
      }
      rounds++;
      Optional<AgentRun> stopped = runTools(reply.toolCalls());
      if (stopped.isPresent()) {
        return stopped.get();
      }
    }
  }

  /** The budget checks made before every model call, in the order a user would name them. */
  private Optional<AgentRun> beforeCall() {
    if (cancel.isCancelled()) {
      return Optional.of(cancelled());
    }
    if (clock.passed()) {
      return Optional.of(deadline());
    }
    OptionalInt turns = budget.turns();
    if (turns.isPresent() && spend.turns() >= turns.getAsInt()) {
      return Optional.of(stop(StopReason.TURNS, String.format(Locale.ROOT, "Stopped: the turns budget is spent "
          + "(%d of %d model calls made); resume the run with a fresh budget to continue.", spend.turns(),
          turns.getAsInt())));
    }
    if (tokensSpent()) {
      return Optional.of(stop(StopReason.TOKENS, tokensMessage()));
    }
    return Optional.empty();
  }

  private Optional<AgentRun> runTools(List<ToolCall> calls) {
    for (int i = 0; i < calls.size(); i++) {
      ToolCall call = calls.get(i);
      if (cancel.isCancelled() || clock.passed()) {
        boolean cancelled = cancel.isCancelled();
        notRun(calls, i, cancelled ? "the run was cancelled" : "the run's ms budget passed");
        return Optional.of(cancelled ? cancelled() : deadline());
      }
      callbacks.onToolCall(call);
      long began = nanos.getAsLong();
      ToolResult result = toolbox.call(call);
      String text = ToolResultText.of(result.value());
      String sent = ToolResultText.cut(text, options.maxToolResultChars());
      transcript.add(ChatMessage.tool(call.id(), sent));
      ToolRun step = new ToolRun(rounds, call, result.value(), result.error(), text.length(),
          sent.length() != text.length(), msSince(began));
      callbacks.onToolResult(call, result);
      step(step);
    }
    return Optional.empty();
  }

  /** Answers {@code calls} from {@code from} on with a tool message saying why they did not run. */
  private void notRun(List<ToolCall> calls, int from, String why) {
    for (ToolCall call : calls.subList(from, calls.size())) {
      ObjectNode error = JsonNodeFactory.instance.objectNode()
          .put("error", "not run: " + why + "; call '" + call.name() + "' again if it is still needed");
      transcript.add(ChatMessage.tool(call.id(), error.toString()));
    }
  }

  private AgentRun modelFailed(ChatException e, boolean deadlineFired) {
    if (deadlineFired) {
      return deadline();
    }
    if (cancel.isCancelled()) {
      return cancelled();
    }
    return stop(StopReason.MODEL_ERROR, "Stopped: the model call failed: " + e.getMessage());
  }

  private AgentRun cancelled() {
    return stop(StopReason.CANCELLED, "Stopped: the run was cancelled; the transcript so far is kept, resume the "
        + "run to continue.");
  }

  private AgentRun deadline() {
    return stop(StopReason.DEADLINE, String.format(Locale.ROOT, "Stopped: the ms budget of %,d ms passed (%,d ms "
        + "spent); resume the run with a fresh budget to continue.", budget.ms().getAsLong(), clock.elapsedMs()));
  }

  private boolean tokensSpent() {
    return budget.tokens().isPresent() && spend.totalTokens() >= budget.tokens().getAsLong();
  }

  private String tokensMessage() {
    return String.format(Locale.ROOT, "Stopped: the tokens budget is spent (%,d of %,d tokens%s); resume the run "
        + "with a fresh budget to continue.", spend.totalTokens(), budget.tokens().getAsLong(),
        spend.estimated() ? ", " + spend.estimatedCalls() + " call(s) estimated at 4 characters a token" : "");
  }

  private AgentRun stop(StopReason reason, String message) {
    return finish(reason, message, "");
  }

  private AgentRun finish(StopReason reason, String message, String answer) {
    return new AgentRun(transcript, firstAdded, steps, reason, message, answer, spend.withMs(clock.elapsedMs()));
  }

  private void step(AgentStep step) {
    steps.add(step);
    callbacks.onStep(step);
  }

  private long msSince(long began) {
    return (nanos.getAsLong() - began) / 1_000_000;
  }

  private static long chars(List<ChatMessage> messages) {
    long chars = 0;
    for (ChatMessage message : messages) {
      chars += message.content().length();
      for (ToolCall call : message.toolCalls()) {
        chars += call.name().length() + call.arguments().length();
      }
    }
    return chars;
  }

  private static String names(List<ToolCall> calls) {
    List<String> names = new ArrayList<>();
    calls.forEach(call -> names.add(call.name()));
    return String.join(", ", names);
  }
}
