package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.IndexLocation;
import dev.weft.index.CorpusIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A caller that holds the index open (the facade's embedding run) runs an ingest through that open: the ingest asks
 * for it once, only after the source is checked, writes through it, and refuses an open of another index.
 */
class IngesterOpenIndexTest {
  @TempDir Path tmp;

  @Test
  void theIngestWritesThroughTheCallersOpenAskingForItOnce() throws IOException {
    Path root = Files.createDirectories(tmp.resolve("corpus"));
    Files.writeString(root.resolve("a.md"), "# A\n\naardvark\n");
    IndexLocation index = IndexLocation.of(tmp.resolve("index"));
    AtomicInteger asked = new AtomicInteger();

    try (CorpusIndex opened = CorpusIndex.open(index)) {
      Supplier<CorpusIndex> open = () -> {
        asked.incrementAndGet();
        return opened;
      };
      IngestReport report = new Ingester().run(IngestRequest.of(root, index), WriteAccess.DEFAULT, open);

      assertThat(report.published()).isTrue();
      assertThat(asked).hasValue(1);
      // the caller's open sees the generation the ingest published through it
      assertThat(opened.current()).hasValueSatisfying(m -> assertThat(m.generation()).isEqualTo(report.generation()));
    }
  }

  @Test
  void aRefusedSourceNeverAsksForTheIndex() {
    IndexLocation index = IndexLocation.of(tmp.resolve("index"));
    IngestRequest request = IngestRequest.dataset(tmp.resolve("missing.jsonl"), index).build();

    assertThatThrownBy(() -> new Ingester().run(request, WriteAccess.DEFAULT, () -> {
      throw new AssertionError("the index was asked for before the source was checked");
    })).isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("dataset must be an existing file");
    assertThat(index.dir()).doesNotExist();
  }

  @Test
  void anOpenOfAnotherIndexIsRefusedNamingBoth() throws IOException {
    Path root = Files.createDirectories(tmp.resolve("corpus"));
    IndexLocation index = IndexLocation.of(tmp.resolve("index"));
    IndexLocation other = IndexLocation.of(tmp.resolve("other"));

    try (CorpusIndex opened = CorpusIndex.open(other)) {
      assertThatThrownBy(() -> new Ingester().run(IngestRequest.of(root, index), WriteAccess.DEFAULT, () -> opened))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("the open index must be the request's, got: " + other + " for a request into " + index);
    }
  }
}
