package dev.weft.pipelines.program.beam;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.flink.util.MathUtils;

/**
 * Lane keys that the Flink runner spreads over distinct subtasks. Beam's Flink batch translation groups by the
 * key's encoded bytes, and Flink sends a group to subtask {@code murmurHash(ByteBuffer.hashCode()) % parallelism};
 * with the lane numbers 0..K-1 as keys, 8 lanes landed on 4 of 8 subtasks (one subtask asked 4 lanes one after
 * the other), so the job had 8 calls in flight at most but 2 to 4 most of the time. Picking, for lane i, the
 * smallest unused integer that lands on subtask {@code i % parallelism} puts every lane on its own subtask when
 * parallelism is at least K (and spreads them evenly when it is less).
 *
 * <p>The lanes here are the map's groups (G = min(K, parallelism), each with its share of K in flight). This
 * mirrors the runner's partitioning, which may change with it: then only the spread degrades, never the bound of K
 * calls in flight (each group's share bounds its calls, wherever it runs). {@code ProgramRunFlinkTest} checks the
 * spread on the runner on the class path.
 */
public final class FlinkLanes {
  /** Far more candidates than any K up to 1024 needs (each lands on a given subtask with chance 1/parallelism). */
  private static final int SEARCH_LIMIT = 1 << 20;

  private FlinkLanes() {}

  /** One key per lane, lane i's key landing on subtask {@code i % parallelism}. */
  public static List<Integer> keys(int lanes, int parallelism) {
    if (lanes < 1 || parallelism < 1) {
      throw new IllegalArgumentException("lanes and parallelism must be at least 1, got: " + lanes + " lanes, "
          + parallelism + " parallelism");
    }
    List<Integer> keys = new ArrayList<>(lanes);
    Set<Integer> used = new HashSet<>();
    for (int lane = 0; lane < lanes; lane++) {
      int target = lane % parallelism;
      int found = -1;
      for (int candidate = 0; candidate < SEARCH_LIMIT && found < 0; candidate++) {
        if (!used.contains(candidate) && subtaskOf(candidate, parallelism) == target) {
          found = candidate;
        }
      }
      if (found < 0) {
        throw new IllegalStateException("no lane key lands on Flink subtask " + target + " of " + parallelism
            + " among the first " + SEARCH_LIMIT + " integers; this is a bug in FlinkLanes");
      }
      used.add(found);
      keys.add(found);
    }
    return keys;
  }

  /** The subtask the Flink runner sends the group of {@code key} to (VarIntCoder-encoded, as MapWithModel keys). */
  static int subtaskOf(int key, int parallelism) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try {
      VarIntCoder.of().encode(key, bytes);
    } catch (IOException e) {
      throw new UncheckedIOException("encoding an int into memory cannot fail", e);
    }
    return MathUtils.murmurHash(ByteBuffer.wrap(bytes.toByteArray()).hashCode()) % parallelism;
  }
}
