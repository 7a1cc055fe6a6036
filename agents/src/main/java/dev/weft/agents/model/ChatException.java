package dev.weft.agents.model;

import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.program.SubcallException.Reason;
import java.util.Objects;
import java.util.Optional;

/**
 * A chat call that failed for good (after the client's retries), as one line for a user: what was asked of
 * which endpoint, how it failed, after how many attempts, and what to do. Never holds the key (messages are
 * scrubbed). The {@link Reason} is the one a program's map step records per piece; the exit status is
 * {@link ExitStatus#BAD_INPUT} for a refusal (a 4xx: the model name, the key or the request is wrong) and
 * {@link ExitStatus#IO_FAILURE} for everything else (the server or the network failed, or answered nonsense).
 */
public final class ChatException extends WeftException {
  private static final long serialVersionUID = 1L;
  private final Reason reason;
  private final int attempts;
  private final String reply;

  public ChatException(Reason reason, int attempts, String message) {
    this(reason, attempts, message, null);
  }

  /** A reply that arrived and failed the client's checks, kept (key scrubbed) for a caller that repairs it. */
  public ChatException(Reason reason, int attempts, String message, String reply) {
    super(reason == Reason.REFUSED ? ExitStatus.BAD_INPUT : ExitStatus.IO_FAILURE, message);
    this.reason = Objects.requireNonNull(reason, "reason");
    this.attempts = attempts;
    this.reply = reply;
  }

  /**
   * The content of a reply that was not JSON or not of the output schema ({@link Reason#MALFORMED_REPLY},
   * {@link Reason#SCHEMA_MISMATCH}), the key scrubbed: what a repair round shows the model. Empty otherwise.
   */
  public Optional<String> reply() {
    return Optional.ofNullable(reply);
  }

  public Reason reason() {
    return reason;
  }

  /**
   * How many attempts were made: 0 when it failed before calling (cancelled first); 1 for a reply that arrived
   * and failed the client's checks (malformed, refused, off the schema).
   */
  public int attempts() {
    return attempts;
  }

  /** What a user can do about a failure of this reason, appended to messages after a semicolon. */
  static String wayOut(Reason reason, String baseUrl, String apiKeyEnv) {
    return switch (reason) {
      case TIMEOUT -> "raise the timeout, or check that the server at " + baseUrl + " is not overloaded";
      case RATE_LIMITED -> "lower the concurrency, or raise the retries";
      case SERVER_ERROR -> "check the server's log at " + baseUrl + ", or try again later";
      case REFUSED -> "check the model name, the key in $" + apiKeyEnv + " and the request";
      case MALFORMED_REPLY -> "check that " + baseUrl + " speaks the OpenAI chat completions API";
      case SCHEMA_MISMATCH -> "make the instruction ask for that shape, or loosen the output schema";
      case CANCELLED -> "nothing to do: the run was cancelled";
      case IO_ERROR -> "check that the server runs at " + baseUrl + " and the network reaches it";
      // Not the chat client's: a recursion tree's (its budget, a child level), named for the switch to be total.
      case BUDGET_SPENT -> "raise the tree's budget, or run the question again to resume";
      case CHILD_FAILED -> "read the child's scope for its partial work";
    };
  }
}
