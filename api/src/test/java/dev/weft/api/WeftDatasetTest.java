package dev.weft.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Hit;
import dev.weft.context.RecallRequest;
import dev.weft.context.StalePointerException;
import dev.weft.context.generation.CorpusSource;
import dev.weft.context.generation.GenerationManifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A dataset's items are read back from the dataset the manifest names. */
class WeftDatasetTest {
  @TempDir Path tmp;

  @Test
  void getReadsRecordsFromTheRecordedDataset() throws IOException {
    Path dataset = Files.writeString(tmp.resolve("faq.jsonl"), """
        {"_id": "faq#1", "title": "Strings", "text": "Strings are immutable."}
        {"_id": "faq#2", "text": "Floats are binary fractions."}
        """);
    try (Weft weft = Weft.open(tmp.resolve("index"))) {
      weft.index(IndexRun.dataset(dataset).build());
      GenerationManifest generation = weft.generations().kept().get(0);
      assertThat(generation.source())
          .isEqualTo(CorpusSource.dataset(dataset.toAbsolutePath().toString(), "jsonl"));

      Hit hit = weft.recall(RecallRequest.of("immutable")).hits().get(0);
      assertThat(hit.path()).isEqualTo("faq#1");
      assertThat(weft.get("faq#1", Lines.of(hit))).contains("Strings\n\nStrings are immutable.");
      assertThat(weft.get("faq#2")).isEqualTo("Floats are binary fractions.");

      Files.writeString(dataset, """
          {"_id": "faq#1", "title": "Strings", "text": "Strings are immutable, and hashable."}
          """);
      assertThatThrownBy(() -> weft.get("faq#1", Lines.of(hit))).isInstanceOf(StalePointerException.class);
    }
  }

  @Test
  void aDatasetRunTakesNoPaths() {
    assertThatThrownBy(() -> IndexRun.dataset(tmp.resolve("faq.jsonl")).paths(List.of("a")).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("paths, extensions, a file size cap and a listing watch apply to a directory, not to the dataset "
            + tmp.resolve("faq.jsonl") + ", got: paths [a]");
  }
}
