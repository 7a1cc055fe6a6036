package dev.weft.transforms.dataset;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.function.Consumer;

/**
 * Which records of a dataset to chunk, by their position in the file's record stream (every line or row
 * {@link DatasetRecords#read} reports, valid or not, counts). The planner decides what changed; this is how the
 * decision travels to whichever executor re-reads the file. A position costs one bit, so the selection of a
 * dataset of ten million records is about a megabyte — small enough to ship inside a Beam DoFn.
 *
 * <p>Positions rather than ids because ids may repeat in a bad dataset: only the first record with an id is the
 * item, and only its position says which record that was.
 */
public final class RecordSelection implements Serializable {
  private final BitSet positions;
  private final int outcomes;
  private final FieldMapping mapping;

  private RecordSelection(BitSet positions, int outcomes, FieldMapping mapping) {
    this.positions = positions;
    this.outcomes = outcomes;
    this.mapping = mapping;
  }

  /** The fields the planner read the records by, which every re-read uses too. */
  public FieldMapping mapping() {
    return mapping;
  }

  /** Records selected. */
  public int size() {
    return positions.cardinality();
  }

  /** Lines or rows the file held when it was planned, valid or not. */
  public int outcomes() {
    return outcomes;
  }

  public boolean selects(int position) {
    return positions.get(position);
  }

  /**
   * Streams the selected records of {@code file} into {@code sink}, in file order.
   *
   * @throws IllegalStateException when the file no longer has the shape it was planned with (a selected position
   *     is not a valid record, or the record count differs): it changed under the run, and nothing it gives can
   *     be trusted
   */
  public void read(Path file, Consumer<DatasetRecord> sink) {
    int[] position = {0};
    DatasetRecords.read(file, mapping, outcome -> {
      int at = position[0]++;
      if (!positions.get(at)) {
        return;
      }
      if (!(outcome instanceof RecordOutcome.Valid valid)) {
        throw changed(file, "the record at position " + at + " was selected as valid, now it is: " + outcome);
      }
      sink.accept(valid.record());
    });
    if (position[0] != outcomes) {
      throw changed(file, "it held " + outcomes + " records when planned, now it holds " + position[0]);
    }
  }

  private static IllegalStateException changed(Path file, String detail) {
    return new IllegalStateException("dataset must not change while it is ingested, but " + file + " did: "
        + detail);
  }

  /** Collects a selection while the planner streams the file once. */
  public static final class Builder {
    private final BitSet positions = new BitSet();
    private final FieldMapping mapping;
    private int outcomes;

    public Builder() {
      this(FieldMapping.beir());
    }

    public Builder(FieldMapping mapping) {
      this.mapping = mapping;
    }

    /** The next record of the stream is left alone. */
    public void skip() {
      next();
    }

    /** The next record of the stream is to be chunked. */
    public void select() {
      positions.set(next());
    }

    private int next() {
      if (outcomes == Integer.MAX_VALUE) {
        throw new IllegalArgumentException("a dataset must hold fewer than " + Integer.MAX_VALUE
            + " records, got more");
      }
      return outcomes++;
    }

    public RecordSelection build() {
      return new RecordSelection((BitSet) positions.clone(), outcomes, mapping);
    }
  }
}
