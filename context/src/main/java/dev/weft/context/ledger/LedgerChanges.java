package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Writes that land together in one mutate ({@link Ledger#commit}): records removed by address, new memories, new
 * skills and progress appended to the active goal. A refinement's plan is one of these.
 *
 * @param removals addresses ({@code memory:N}, {@code skill:N}) to delete; each must still hold a record
 */
public record LedgerChanges(List<String> removals, List<Memory> memories, List<Skill> skills,
    List<Progress> progress) {
  public LedgerChanges {
    removals = List.copyOf(removals);
    memories = List.copyOf(memories);
    skills = List.copyOf(skills);
    progress = List.copyOf(progress);
  }

  /** Whether committing it would write nothing. */
  public boolean isEmpty() {
    return removals.isEmpty() && memories.isEmpty() && skills.isEmpty() && progress.isEmpty();
  }

  /** A memory to add, as {@link Ledger#addMemory} takes it. */
  public record Memory(String text, Set<String> tags, JsonNode evidence) {
    public Memory {
      tags = Set.copyOf(Objects.requireNonNull(tags, "tags"));
    }
  }

  /** A skill to add, as {@link Ledger#putSkill} takes it; its name must not be a live skill's. */
  public record Skill(String name, String when, String instructions, Set<String> tags) {
    public Skill {
      tags = Set.copyOf(Objects.requireNonNull(tags, "tags"));
    }
  }

  /** A progress entry for the active goal, as {@link Ledger#appendProgress} takes it. */
  public record Progress(String note, JsonNode evidence) {}

  /** The addresses a commit wrote and removed, in the order of the changes. */
  public record Committed(List<String> memories, List<String> skills, List<String> progress, List<String> removed) {
    public Committed {
      memories = List.copyOf(memories);
      skills = List.copyOf(skills);
      progress = List.copyOf(progress);
      removed = List.copyOf(removed);
    }
  }
}
