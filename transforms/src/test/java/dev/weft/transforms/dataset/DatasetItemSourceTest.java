package dev.weft.transforms.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.transforms.ingest.OddFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `get` on a dataset index reads a record back from the dataset, and only from a dataset that is still a file. */
class DatasetItemSourceTest {
  @TempDir Path temp;
  private Path dataset;
  private DatasetItemSource items;

  @BeforeEach
  void aDataset() throws IOException {
    dataset = Files.writeString(temp.resolve("faq.jsonl"), """
        {"_id": "faq#1", "title": "Strings", "text": "Strings are immutable."}
        {"_id": "faq#2", "text": "Floats are binary fractions."}
        {"_id": "faq#2", "text": "A second record with the id is not the item."}
        """);
    items = new DatasetItemSource(dataset);
  }

  @Test
  void anItemIsItsRecordsBodyTheFirstRecordWithTheIdWins() throws IOException {
    assertThat(new String(items.read("faq#1"), StandardCharsets.UTF_8)).isEqualTo("Strings\n\nStrings are immutable.");
    assertThat(new String(items.read("faq#2"), StandardCharsets.UTF_8)).isEqualTo("Floats are binary fractions.");
  }

  @Test
  void aRecordTheDatasetNoLongerHoldsIsNoSuchFile() {
    assertThatThrownBy(() -> items.read("faq#3"))
        .isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining("no record with this id in the dataset " + dataset);
  }

  @Test
  void aGoneDatasetIsNamedWithTheWayOut() throws IOException {
    Files.delete(dataset);
    assertThatThrownBy(() -> items.read("faq#1"))
        .isInstanceOf(WeftException.class)
        .hasMessage("cannot read the items of this index: its dataset " + dataset + " is gone; restore it, or index"
            + " it where it is now (`weft index --dataset FILE`)")
        .satisfies(e -> assertThat(((WeftException) e).status()).isEqualTo(ExitStatus.NOTHING_FOUND));
  }

  @Test
  void aDatasetReplacedByAFifoIsRefusedByNameInsteadOfBlocking() throws Exception {
    Files.delete(dataset);
    OddFiles.mkfifo(dataset);
    // the deadline only keeps a regression from hanging the build: opening a FIFO blocks until a writer comes
    assertTimeoutPreemptively(Duration.ofSeconds(10), () ->
        assertThatThrownBy(() -> items.read("faq#1"))
            .isInstanceOf(WeftException.class)
            .hasMessageContaining("its dataset " + dataset + " is now a FIFO (named pipe), not a regular file"));
  }
}
