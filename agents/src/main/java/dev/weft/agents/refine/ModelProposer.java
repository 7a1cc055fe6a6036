package dev.weft.agents.refine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.agents.model.ChatClient;
import dev.weft.agents.model.ChatException;
import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.ChatReply;
import dev.weft.agents.model.ChatRequest;
import dev.weft.agents.program.CompileError;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.SubcallException.Reason;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Asks a chat model for a patch: one user message (the task, the shape each path takes, one worked example, the
 * state, the run), the patch schema as the request's output schema. A repair round adds the refused answer and a
 * message listing its errors. A reply the client refuses as not JSON or off the schema is handed to the gates as
 * written (they give the pointered errors a repair needs); any other chat failure is thrown: nothing was written.
 */
public final class ModelProposer implements Proposer<JsonNode> {
  /** How much of the run's description is shown; the rest is cut, and the cut is said. */
  public static final int TRAJECTORY_CHARS = 4_000;

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String TASK = String.join("\n",
      "You have just finished a run. Propose what should be remembered from it, as an RFC 6902 JSON Patch over",
      "your supplemental state (below).",
      "",
      "Rules:",
      "- Every memory and every progress entry MUST carry `evidence`: what in the run establishes it (quote the",
      "  tool result or name the source). Never write what you cannot cite: [] is a better answer than an",
      "  invented memory.",
      "- Do not restate a memory that is already stored.",
      "- Append with /memories/-, /skills/- and /goal/progress/-. Replace or remove a stored memory or skill by",
      "  its index. Nothing else is addressable; progress is only ever appended.",
      "",
      "Each path takes its own shape:",
      "  /memories/-       {\"text\": ..., \"evidence\": ..., \"tags\": [...]}",
      "  /skills/-         {\"name\": ..., \"when\": ..., \"instructions\": ..., \"tags\": [...]}",
      "  /goal/progress/-  {\"note\": ..., \"evidence\": ...}   <- note, not text",
      "",
      "Example:",
      "[{\"op\":\"add\",\"path\":\"/memories/-\",\"value\":{\"text\":\"...\",\"evidence\":\"...\",\"tags\":[\"...\"]}},"
          + "{\"op\":\"add\",\"path\":\"/goal/progress/-\",\"value\":{\"note\":\"...\",\"evidence\":\"...\"}}]");

  private final ChatClient client;
  private final PatchSchema schema;
  private final String trajectory;
  private final CancelSignal cancel;

  public ModelProposer(ChatClient client, PatchSchema schema, String trajectory, CancelSignal cancel) {
    this.client = Objects.requireNonNull(client, "client");
    this.schema = Objects.requireNonNull(schema, "schema");
    this.trajectory = Objects.requireNonNull(trajectory, "trajectory");
    this.cancel = Objects.requireNonNull(cancel, "cancel");
  }

  @Override
  public Proposal propose(JsonNode document, Optional<Rejected> rejected) {
    List<ChatMessage> messages = new ArrayList<>();
    messages.add(ChatMessage.user(prompt(document)));
    rejected.ifPresent(previous -> {
      messages.add(ChatMessage.assistant(previous.text()));
      StringBuilder repair = new StringBuilder("That patch was refused; nothing was written. Errors (code, JSON "
          + "Pointer into your patch, reason):");
      for (CompileError error : previous.errors()) {
        repair.append("\n- ").append(error);
      }
      repair.append("\nAnswer with the corrected patch, or [] if nothing can be cited.");
      messages.add(ChatMessage.user(repair.toString()));
    });
    ChatRequest request = ChatRequest.of(messages).withOutputSchema(schema.outputSchema());
    try {
      ChatReply reply = client.chat(request, cancel);
      return new Proposal(reply.content(), reply.structured());
    } catch (ChatException e) {
      boolean judged = e.reason() == Reason.SCHEMA_MISMATCH || e.reason() == Reason.MALFORMED_REPLY;
      if (!judged || e.reply().isEmpty()) {
        throw e;
      }
      return new Proposal(e.reply().get(), parse(e.reply().get()));
    }
  }

  private String prompt(JsonNode document) {
    String run = trajectory.length() <= TRAJECTORY_CHARS ? trajectory
        : trajectory.substring(0, TRAJECTORY_CHARS) + "\n[... " + (trajectory.length() - TRAJECTORY_CHARS)
            + " more characters of the run cut]";
    return TASK + "\n\nYour supplemental state right now:\n" + document.toPrettyString() + "\n\nThe run:\n" + run;
  }

  private static Optional<JsonNode> parse(String text) {
    try {
      JsonNode json = JSON.readTree(text);
      return json == null || json.isMissingNode() ? Optional.empty() : Optional.of(json);
    } catch (JsonProcessingException e) {
      return Optional.empty(); // gate 1 answers AI0001 with the text shown back to the model
    }
  }
}
