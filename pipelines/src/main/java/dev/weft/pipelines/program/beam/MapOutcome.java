package dev.weft.pipelines.program.beam;

import dev.weft.context.DeadLetter;
import dev.weft.transforms.program.MapResult;
import java.util.List;

/**
 * What the Beam map of a run made, read back on the driver.
 *
 * @param results every visited piece's result, in address order
 * @param items pieces offered to the map (after the steps before it)
 * @param notVisited pieces the cap ({@code maxSubcalls}) left out
 * @param calls sub-calls this run made
 * @param failed results that are {@code {error}} (this run's calls and reused ones)
 * @param reused results taken from the result store instead of asked again
 * @param deadLetters source records that could not be pieces (invalid or repeated dataset records)
 */
public record MapOutcome(List<MapResult> results, long items, long notVisited, long calls, long failed, long reused,
    List<DeadLetter> deadLetters) {
  public MapOutcome {
    results = List.copyOf(results);
    deadLetters = List.copyOf(deadLetters);
  }
}
