package dev.weft.pipelines.program;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.ledger.ArchiveEntry;
import dev.weft.context.ledger.Ledger;
import dev.weft.context.program.Subcall;
import dev.weft.transforms.program.MapResult;
import java.io.Serializable;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * A whole program run on Beam: the map as a pipeline ({@link ProgramRunPipeline}), then on the driver what follows
 * it ({@link AfterMap}: the reduce over the ordered results and the answer), and the answer written to the ledger
 * as one slot — one atomic commit, so a reader sees the answer with its report or nothing.
 */
public final class BeamProgramRun {
  /** What follows the map, on the driver: the results in address order in, the answer's text out. */
  @FunctionalInterface
  public interface AfterMap {
    String answer(List<MapResult> ordered);
  }

  /**
   * The program as the Beam runner needs it.
   *
   * @param name the program's name, for the ledger slot
   * @param fingerprint the program fingerprint its map results are kept under
   */
  public record Program(String name, String fingerprint, PieceSteps beforeMap, ProgramRunPipeline.MapStep map,
      AfterMap afterMap) {
    public Program {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(fingerprint, "fingerprint");
      Objects.requireNonNull(beforeMap, "beforeMap");
      Objects.requireNonNull(map, "map");
      Objects.requireNonNull(afterMap, "afterMap");
    }
  }

  /**
   * The run's report.
   *
   * @param slot the ledger address the answer was written to ({@code slot:N})
   */
  public record Report(String answer, String slot, String fingerprint, MapOutcome map, long ms) {}

  private BeamProgramRun() {}

  /** Runs {@code program} with {@code options} and writes its answer into {@code ledger}. */
  public static <C extends Comparator<String> & Serializable> Report run(ProgramRunOptions options,
      Program program, Subcall subcall, C order, Ledger ledger) {
    long start = System.nanoTime();
    MapOutcome map = ProgramRunPipeline.run(options, program.beforeMap(), program.map(), program.fingerprint(),
        subcall, order);
    String answer = program.afterMap().answer(map.results());
    String slot = ledger.putArchive(List.of(new ArchiveEntry("program answer: " + program.name(), answer,
        meta(options, program, map))), true).get(0);
    return new Report(answer, slot, program.fingerprint(), map, (System.nanoTime() - start) / 1_000_000);
  }

  /** What travels with the answer: which program, over what, and how much of the map it saw. */
  static ObjectNode meta(ProgramRunOptions options, Program program, MapOutcome map) {
    ObjectNode meta = JsonNodeFactory.instance.objectNode();
    meta.put("tool", "weft program run");
    meta.put("program", program.name());
    meta.put("fingerprint", program.fingerprint());
    meta.put("runner", options.getRunner().getSimpleName());
    meta.put("source", options.getSource());
    meta.put("results", options.getOutput());
    meta.put("items", map.items());
    meta.put("visited", map.results().size());
    meta.put("notVisited", map.notVisited());
    meta.put("subcalls", map.calls());
    meta.put("reused", map.reused());
    meta.put("failed", map.failed());
    meta.put("deadLetters", map.deadLetters().size());
    return meta;
  }
}
