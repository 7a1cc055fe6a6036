package dev.weft.agents.loop;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.ledger.ArchiveEntry;
import dev.weft.context.ledger.Ledger;
import dev.weft.context.ledger.SlotRead;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;

/**
 * A run kept in the ledger so that it can be resumed by its id, by another process: the slot
 * {@code agent/RUN/run} holds {@code {"settings": ..., "run": AgentRun.toJson()}}, where {@code settings} is what
 * the host needs to rebuild the agent the same way (its context policy, its limits). Each save mints a new slot
 * (one atomic commit); a load reads the last one. Slots are put immutable, so archive limits never evict a run a
 * user was told they can resume; a ledger rollback past it removes it.
 */
public final class RunSlots {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A run read back, with the settings saved beside it. */
  public record Saved(AgentRun run, JsonNode settings) {
    public Saved {
      Objects.requireNonNull(run, "run");
      Objects.requireNonNull(settings, "settings");
    }
  }

  private RunSlots() {}

  /** The slot name of run {@code runId}. */
  public static String slotName(String runId) {
    return "agent/" + RunId.check(runId) + "/run";
  }

  /** Saves {@code run} and {@code settings} under {@code runId}; answers the slot's address ({@code slot:N}). */
  public static String save(Ledger ledger, String runId, AgentRun run, JsonNode settings) {
    ObjectNode text = JSON.createObjectNode();
    text.set("settings", settings);
    text.set("run", run.toJson());
    ObjectNode meta = JSON.createObjectNode().put("kind", "agent-run").put("run", runId)
        .put("stopReason", run.stopReason().wire());
    return ledger.putArchive(List.of(new ArchiveEntry(slotName(runId), text.toString(), meta)), true).get(0);
  }

  /**
   * The last run saved under {@code runId}.
   *
   * @throws WeftException {@link ExitStatus#NOTHING_FOUND} when the ledger holds no run of that id (or it was
   *     evicted); {@link ExitStatus#DAMAGED} when the slot does not read back as a run
   */
  public static Saved load(Ledger ledger, String runId) {
    String name = slotName(runId);
    SortedMap<String, String> named = ledger.slotsNamed(name);
    String address = named.get(name);
    if (address == null) {
      throw new WeftException(ExitStatus.NOTHING_FOUND, "no agent run '" + runId + "' in this index's ledger (no "
          + "slot " + name + "); the run id is the one `weft agent` printed, and runs live in the ledger of the "
          + "index they ran on (--index)");
    }
    SlotRead read = ledger.readSlot(address);
    if (read.text().isEmpty()) {
      throw new WeftException(ExitStatus.NOTHING_FOUND, "agent run '" + runId + "' (" + address + ") is "
          + read.status() + " in the ledger; it cannot be resumed: start a new run");
    }
    try {
      JsonNode text = JSON.readTree(read.text().get());
      return new Saved(AgentRun.fromJson(text.path("run")), text.path("settings"));
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw new WeftException(ExitStatus.DAMAGED, "agent run '" + runId + "' (" + address + ") does not read back "
          + "as a run: " + e.getMessage() + "; start a new run");
    }
  }
}
