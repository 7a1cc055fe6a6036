package dev.weft.transforms.export;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.avro.generic.GenericRecord;

/**
 * What every {@link ChunkFileWriter} format shares, so the in-progress file is handled one way: records go to
 * the format's writer on a hidden temporary file beside the target ({@link TempTarget}), {@link #commit()}
 * finishes it and renames it into place, and {@link #close()} without a commit discards it. A format supplies
 * only how it appends a record and how it finishes its file.
 */
abstract class TempFileChunkWriter implements ChunkFileWriter {
  private final TempTarget target;
  private final String format;
  private long count;
  private boolean committed;

  /** @param format the format's name in messages ({@code Avro}) */
  TempFileChunkWriter(TempTarget target, String format) {
    this.target = target;
    this.format = format;
  }

  /** Opens a format's writer on a temporary target. */
  interface Opener<W> {
    W open(TempTarget target) throws IOException;
  }

  /**
   * Opens a writer whose committed file will be {@code file}; when the format's writer cannot be opened, its
   * temporary file is deleted.
   *
   * @param what what is opened, for the error message ({@code an Avro writer})
   */
  static <W extends TempFileChunkWriter> W openTemp(Path file, String what, Opener<W> opener) {
    TempTarget target = TempTarget.of(file);
    try {
      return opener.open(target);
    } catch (IOException e) {
      target.deleteTemp();
      throw new UncheckedIOException("cannot open " + what + " on " + target.temp(), e);
    }
  }

  /** Appends one record to the format's file. */
  abstract void append(GenericRecord record) throws IOException;

  /** Completes the format's file (its footer or last block) and closes it. */
  abstract void finish() throws IOException;

  @Override
  public final void write(ChunkRow row) {
    try {
      append(ChunkRecords.toRecord(row));
      count++;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write chunk " + row.chunk().id() + " to " + target.temp(), e);
    }
  }

  @Override
  public final long count() {
    return count;
  }

  @Override
  public final Path commit() {
    try {
      finish();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot finish the " + format + " file " + target.temp(), e);
    }
    committed = true;
    return target.moveIntoPlace();
  }

  @Override
  public final void close() {
    if (committed) {
      return;
    }
    try {
      finish();
    } catch (IOException | RuntimeException e) {
      // discarding: the file is deleted below whatever state the writer was in
    }
    target.deleteTemp();
  }
}
