package dev.weft.agents.author;

import dev.weft.agents.program.Piece;
import dev.weft.agents.program.Plan;
import dev.weft.agents.program.ProgramRunner;
import dev.weft.agents.program.RunOptions;
import dev.weft.agents.program.RunResult;
import dev.weft.agents.program.MapProgress;
import dev.weft.context.env.Digest;
import dev.weft.context.env.Environment;
import dev.weft.context.env.SlotNotFoundException;
import dev.weft.context.env.SlotStat;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.Subcall;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A level's source: the slots of an {@link Environment} (a child's scoped view holds its piece in a slot), run in
 * process. {@code input} is the slots the environment's digest lists (at most 12, in name order), each read whole
 * up to {@link #MAX_INPUT_CHARS} in all; every slot is readable by name.
 */
public final class EnvironmentSource implements AskSource {
  /** Characters {@code input} may hold in all: more is a dataset's or an index's, for the facade's runners. */
  public static final long MAX_INPUT_CHARS = 64L * 1024 * 1024;
  private static final int READ_BLOCK = 65_536;

  private final Environment env;
  private final RunOptions options;

  public EnvironmentSource(Environment env, RunOptions options) {
    this.env = Objects.requireNonNull(env, "env");
    this.options = Objects.requireNonNull(options, "options");
  }

  @Override
  public SourceSketch sketch() {
    List<SlotStat> slots = listed();
    SourceSketch.Builder sketch = new SourceSketch.Builder("environment");
    for (SlotStat slot : slots) {
      sketch.add(slot.name(), env.peek(slot.name()).head());
    }
    return sketch.build(slots.stream().map(SlotStat::name).toList());
  }

  @Override
  public Optional<Environment> environment() {
    return Optional.of(env);
  }

  @Override
  public boolean hasSlot(String name) {
    try {
      env.stat(name);
      return true;
    } catch (SlotNotFoundException e) {
      return false; // the compiler reports it as AI0202, naming the step that reads it
    }
  }

  @Override
  public RunResult run(Plan plan, Subcall subcall, CancelSignal cancel) throws InterruptedException {
    List<Piece> input = new ArrayList<>();
    long total = 0;
    for (SlotStat slot : listed()) {
      total += slot.chars();
      if (total > MAX_INPUT_CHARS) {
        throw new IllegalArgumentException("the environment's slots hold more than " + MAX_INPUT_CHARS
            + " characters, more than a level reads as input; ask it of a dataset or an index on Beam");
      }
      input.add(new Piece(slot.name(), readWhole(slot)));
    }
    return new ProgramRunner(env, subcall, options).run(plan, input, cancel, MapProgress.Listener.none());
  }

  private List<SlotStat> listed() {
    Digest digest = env.digest();
    return digest.slots().stream().sorted(Comparator.comparing(SlotStat::name)).toList();
  }

  private String readWhole(SlotStat slot) {
    StringBuilder text = new StringBuilder((int) slot.chars());
    while (text.length() < slot.chars()) {
      String block = env.read(slot.name(), READ_BLOCK, text.length());
      if (block.isEmpty()) {
        break; // the slot shrank since it was listed: what is there is its text
      }
      text.append(block);
    }
    return text.toString();
  }
}
