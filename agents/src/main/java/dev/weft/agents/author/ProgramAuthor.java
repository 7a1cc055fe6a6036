package dev.weft.agents.author;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.agents.model.ChatClient;
import dev.weft.agents.model.ChatException;
import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.ChatReply;
import dev.weft.agents.model.ChatRequest;
import dev.weft.agents.model.OutputSchema;
import dev.weft.agents.model.Usage;
import dev.weft.agents.program.CompileError;
import dev.weft.agents.recursive.RecursionTree;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.SubcallException.Reason;
import dev.weft.schemas.WeftSchemas;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Asks the model for a program: one user message (the task, the steps, one worked example, the source's sketch,
 * the question), the program JSON Schema as the request's output schema. The repair round adds the refused answer
 * and a message listing the compiler's errors. A reply the client refuses as not JSON or off the schema is handed
 * to the compiler as written (its coded, pointered errors are what a repair needs); any other chat failure is
 * thrown. Every call is reserved on the {@link ModelAccount} first and settled after.
 */
final class ProgramAuthor {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final OutputSchema PROGRAM = programSchema();
  static final String TASK = String.join("\n",
      "Answer a question over a whole corpus by writing a program that Weft runs. Reply with one JSON object,",
      "the program (the response format is its JSON Schema).",
      "",
      "A program is {\"name\": ..., \"steps\": [...]} with 1 to 12 steps. Each step reads `from` a name and",
      "writes `as` a new name. `input` names the source's pieces (below); an earlier step's `as` names its value.",
      "  chunk  {from, as, strategy: line|size|separator, size, separator?}  cut text or pieces into pieces",
      "  grep   {from, as, pattern, ignoreCase?}  keep the pieces a Java regex matches",
      "  map    {from, as, instruction, output?, maxSubcalls?}  ask a model `instruction` of each piece, one call",
      "         per piece; it sees the instruction and that one piece only; `output` is a JSON Schema per reply",
      "  reduce {from: a map's `as`, as, query}  a jq query over the results [{address, result} | {address, error}]",
      "  select {from, as, query}  a jq query over a JSON value;  stat, peek {from, as}  size and start of a value",
      "  answer {from}  the last step, exactly once",
      "At most one map. Filter with chunk and grep before the map when a pattern finds the relevant pieces, so",
      "fewer calls are made.",
      "",
      "Example (which modules still call LegacyClock.now()?):",
      "{\"name\":\"deprecated-calls\",\"steps\":[",
      " {\"op\":\"chunk\",\"from\":\"input\",\"as\":\"pieces\",\"strategy\":\"line\",\"size\":20},",
      " {\"op\":\"grep\",\"from\":\"pieces\",\"as\":\"hits\",\"pattern\":\"LegacyClock\\\\.now\\\\(\\\\)\"},",
      " {\"op\":\"map\",\"from\":\"hits\",\"as\":\"findings\",\"instruction\":\"Does this Java piece call "
          + "LegacyClock.now() (a call, not a comment)? Name its module.\",",
      "  \"output\":{\"type\":\"object\",\"required\":[\"calls\",\"module\"],\"properties\":{\"calls\":"
          + "{\"type\":\"boolean\"},\"module\":{\"type\":\"string\"}}}},",
      " {\"op\":\"reduce\",\"from\":\"findings\",\"as\":\"modules\",\"query\":"
          + "\"[.[] | select(.result.calls) | .result.module] | unique\"},",
      " {\"op\":\"answer\",\"from\":\"modules\"}]}");

  /**
   * One answer of the model: its text, the document when it parsed as JSON, the calls it took (fallbacks
   * included) and a line for each model that failed before one answered.
   */
  record Attempt(String text, Optional<JsonNode> document, int calls, List<String> fallbacks) {}

  /** A model that may author: its client and the cap on its reply's tokens. */
  record Model(ChatClient client, OptionalInt outputTokens) {}

  /**
   * What the task adds for a child level (depth 2 and deeper): the compiler refuses (AI0208) a child's program whose
   * answer is not {slot, value} envelopes, so the model is told the rule before it writes one.
   */
  static final String ENVELOPES = String.join("\n",
      "This program answers a parent program, which must know where each value came from. Its answer must be",
      "{\"slot\": NAME, \"value\": ANY} envelopes (one, an array of them, or null): the `answer` step reads a",
      "reduce, and every reduce keeps the envelope, e.g. \"query\": \"map({slot: .address, value: .result})\";",
      "a reduce that drops or reshapes it is refused (AI0208). The piece you work on is the slot `corpus`.");

  private final List<Model> models;
  private final ModelAccount account;
  private final int depth;

  /**
   * @param models asked in order, the next only when the one before failed for good
   * @param depth the level whose program is authored (the root is 1): below the root the prompt asks for envelopes
   */
  ProgramAuthor(List<Model> models, ModelAccount account, int depth) {
    this.models = List.copyOf(models);
    this.account = Objects.requireNonNull(account, "account");
    this.depth = depth;
    if (this.models.isEmpty()) {
      throw new IllegalArgumentException("authoring needs at least one model, got none");
    }
  }

  /**
   * Asks for a program; with {@code refused}, the repair round: the refused text and its errors. Each model asked
   * reserves its own turn on the account first.
   *
   * @throws WeftException {@link ExitStatus#STOPPED} when the account refuses a call (no call is made)
   * @throws ChatException when every model failed for good (the last one's failure), or a call was cancelled
   */
  Attempt ask(String question, SourceSketch sketch, Optional<Refused> refused, CancelSignal cancel) {
    List<ChatMessage> messages = new ArrayList<>();
    messages.add(ChatMessage.user(prompt(question, sketch, RecursionTree.answersEnvelopes(depth))));
    refused.ifPresent(previous -> {
      messages.add(ChatMessage.assistant(previous.text()));
      StringBuilder repair = new StringBuilder("Weft's compiler refused that program; nothing ran. Errors (code, "
          + "JSON Pointer into your program, reason):");
      for (CompileError error : previous.errors()) {
        repair.append("\n- ").append(error);
      }
      repair.append("\nAnswer with the corrected program.");
      messages.add(ChatMessage.user(repair.toString()));
    });
    List<String> fallbacks = new ArrayList<>();
    ChatException last = null;
    for (Model model : models) {
      account.acquire(what(refused), cancel);
      try {
        return askOne(model, messages, refused, fallbacks, cancel);
      } catch (ChatException e) {
        if (e.reason() == Reason.CANCELLED) {
          throw e;
        }
        last = e;
        fallbacks.add(model.client().config().model() + " failed (" + e.reason() + "): " + e.getMessage());
      } finally {
        account.release();
      }
    }
    throw last;
  }

  /** One model asked, its turn reserved first; a failure for good is thrown for the caller to fall back. */
  private Attempt askOne(Model model, List<ChatMessage> messages, Optional<Refused> refused,
      List<String> fallbacks, CancelSignal cancel) {
    Optional<String> spent = account.reserve();
    if (spent.isPresent()) {
      throw new WeftException(ExitStatus.STOPPED, "the question's budget is spent before "
          + (refused.isPresent() ? "the repair round" : "the program was authored")
          + (fallbacks.isEmpty() ? "" : " (after " + fallbacks.size() + " failed models)") + ": " + spent.get()
          + "; give it a larger budget");
    }
    ChatRequest request = ChatRequest.of(messages).withOutputSchema(PROGRAM);
    if (model.outputTokens().isPresent()) {
      request = request.withMaxTokens(model.outputTokens().getAsInt());
    }
    try {
      ChatReply reply = model.client().chat(request, cancel);
      account.settle(reply.usage());
      return new Attempt(reply.content(), reply.structured(), fallbacks.size() + 1, fallbacks);
    } catch (ChatException e) {
      boolean judged = e.reason() == Reason.SCHEMA_MISMATCH || e.reason() == Reason.MALFORMED_REPLY;
      if (judged && e.reply().isPresent()) {
        // the call was made and answered: its tokens count, estimated as the client does when usage is missing
        long promptChars = messages.stream().mapToLong(m -> m.content().length()).sum();
        account.settle(Usage.estimate(promptChars, e.reply().get().length()));
        return new Attempt(e.reply().get(), parse(e.reply().get()), fallbacks.size() + 1, fallbacks);
      }
      throw e;
    }
  }

  private String what(Optional<Refused> refused) {
    return "level " + depth + (refused.isPresent() ? " repair" : " author");
  }

  /** A refused program and the compiler's errors, for the repair round. */
  record Refused(String text, List<CompileError> errors) {}

  static String prompt(String question, SourceSketch sketch, boolean envelopes) {
    return TASK + (envelopes ? "\n\n" + ENVELOPES : "") + "\n\n" + sketch.prompt() + "\n\nThe question: " + question;
  }

  private static Optional<JsonNode> parse(String text) {
    try {
      JsonNode json = JSON.readTree(text);
      return json == null || json.isMissingNode() ? Optional.empty() : Optional.of(json);
    } catch (JsonProcessingException e) {
      return Optional.empty(); // the compiler answers AI0001 with the text shown back to the model
    }
  }

  private static OutputSchema programSchema() {
    try {
      return new OutputSchema("program", JSON.readTree(WeftSchemas.programSchemaText()));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the program schema on the class path is not JSON: " + e.getMessage(), e);
    }
  }
}
