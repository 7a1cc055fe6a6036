package dev.weft.transforms.dataset;

import dev.weft.context.ItemSource;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
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

  public DatasetItemSource(Path dataset) {
    this.dataset = Objects.requireNonNull(dataset, "dataset");
  }

  @Override
  public byte[] read(String path) throws NoSuchFileException {
    Objects.requireNonNull(path, "path");
    DatasetRecord[] found = new DatasetRecord[1];
    DatasetRecords.read(dataset, outcome -> {
      if (found[0] == null && outcome instanceof RecordOutcome.Valid valid && valid.record().id().equals(path)) {
        found[0] = valid.record();
      }
    });
    if (found[0] == null) {
      throw new NoSuchFileException(path, null, "no record with this id in the dataset " + dataset);
    }
    return found[0].body().getBytes(StandardCharsets.UTF_8);
  }
}
