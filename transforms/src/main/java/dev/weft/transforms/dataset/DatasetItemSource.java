package dev.weft.transforms.dataset;

import dev.weft.context.FileTypes;
import dev.weft.context.ItemSource;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;

/**
 * The items of a dataset-backed index, read back from the dataset for {@code get}: an item's bytes are its
 * record's body ({@link DatasetRecord#body()}) as the dataset holds it now — the bytes ingest hashed — so a record
 * edited since the index was built is a stale pointer, as a drifted file is. The first record with an id is the
 * item, as in ingest. Each read streams the dataset until it finds the id (the readers have no index by id): fine
 * for the CLI's one {@code get}, not for reading many items — recall's hits and {@code weft export} serve those.
 */
public final class DatasetItemSource implements ItemSource {
  private final Path dataset;
  private final FieldMapping fields;

  public DatasetItemSource(Path dataset) {
    this(dataset, FieldMapping.beir());
  }

  /** @param fields the id, title and text fields the dataset was ingested with */
  public DatasetItemSource(Path dataset, FieldMapping fields) {
    this.dataset = Objects.requireNonNull(dataset, "dataset");
    this.fields = Objects.requireNonNull(fields, "fields");
  }

  /**
   * @throws NoSuchFileException when the dataset holds no record with this id
   * @throws WeftException (nothing found) when the dataset itself is gone or no longer a regular file
   */
  @Override
  public byte[] read(String path) throws IOException {
    Objects.requireNonNull(path, "path");
    requireDataset();
    DatasetRecord[] found = new DatasetRecord[1];
    DatasetRecords.read(dataset, fields, outcome -> {
      if (found[0] == null && outcome instanceof RecordOutcome.Valid valid && valid.record().id().equals(path)) {
        found[0] = valid.record();
      }
    });
    if (found[0] == null) {
      throw new NoSuchFileException(path, null, "no record with this id in the dataset " + dataset);
    }
    return found[0].body().getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public String toString() {
    return "the records of " + dataset;
  }

  /**
   * A gone dataset is not one stale record but every record, so it is said as such; and a FIFO in its place would
   * block the read until a writer came, so only a regular file is read.
   */
  private void requireDataset() throws IOException {
    BasicFileAttributes attrs;
    try {
      attrs = Files.readAttributes(dataset, BasicFileAttributes.class);
    } catch (NoSuchFileException e) {
      throw new WeftException(ExitStatus.NOTHING_FOUND, "cannot read the items of this index: its dataset "
          + dataset + " is gone; restore it, or index it where it is now (`weft index --dataset FILE`)");
    }
    if (!attrs.isRegularFile()) {
      throw new WeftException(ExitStatus.NOTHING_FOUND, "cannot read the items of this index: its dataset "
          + dataset + " is now " + FileTypes.describe(dataset, attrs) + ", not a regular file; restore it, or index"
          + " it where it is now (`weft index --dataset FILE`)");
    }
  }
}
