package dev.weft.index;

import static dev.weft.index.TestCorpus.span;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.generation.CorpusSource;
import dev.weft.context.generation.GenerationManifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The manifest records where a generation's items came from, so `get` reads them back from there. */
class CorpusSourceTest {
  @TempDir Path temp;

  @Test
  void theSourceIsRecordedReadBackAndKeptByRunsThatNameNone() {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    TestCorpus.Indexed notes = corpus.file("docs/notes.md", Kind.DOC, "markdown", "# Notes\n\nSome notes.",
        span("Notes", "section", 0, 2));
    CorpusSource dataset = CorpusSource.dataset("/data/faq.jsonl", "jsonl");
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      GenerationManifest first = TestCorpus.publish(index, corpus.options().withSource(dataset), notes);
      // embed-missing names no source: the generation it builds on keeps its own
      GenerationManifest later = TestCorpus.publish(index, corpus.options(), notes);

      assertThat(first.source()).isEqualTo(dataset);
      assertThat(later.source()).isEqualTo(dataset);
      assertThat(index.current().orElseThrow().source()).as("read back").isEqualTo(dataset);
    }
  }

  @Test
  void theManifestHoldsTheSourceAsKindLocationAndFormatOnly() throws IOException {
    TestCorpus corpus = new TestCorpus(temp.resolve("corpus"));
    TestCorpus.Indexed notes = corpus.file("docs/notes.md", Kind.DOC, "markdown", "# Notes\n\nSome notes.");
    try (CorpusIndex index = CorpusIndex.open(IndexLocation.of(temp.resolve("index")))) {
      TestCorpus.publish(index, corpus.options().withSource(CorpusSource.dataset("/data/faq.jsonl", "jsonl")), notes);
    }
    JsonNode source = new ObjectMapper().readTree(temp.resolve("index/generations/1.json").toFile()).get("source");
    // isDataset() is derived from the kind: written, it would be a second field saying the same thing
    assertThat(source.fieldNames()).toIterable().containsExactly("kind", "location", "format");
  }

  @Test
  void aManifestWrittenBeforeTheSourceReadsWithout() throws IOException {
    Path dir = temp.resolve("old");
    Files.createDirectories(dir.resolve(GenerationStore.GENERATIONS));
    Files.writeString(dir.resolve(GenerationStore.GENERATIONS).resolve("3.json"), "{\"generation\": 3, "
        + "\"luceneGeneration\": 2, \"segmentsFileName\": \"segments_2\", \"createdAt\": \"2025-01-01T00:00:00Z\", "
        + "\"corpusRoot\": \"/corpus\", \"chunkerStamp\": \"s\", \"files\": 1, \"chunks\": 2}");
    assertThat(new GenerationStore(IndexLocation.of(dir)).read(3).source()).isNull();
  }

  @Test
  void aSourceIsFilesOrADatasetWithItsFormat() {
    assertThat(CorpusSource.files("/corpus").isDataset()).isFalse();
    assertThatThrownBy(() -> new CorpusSource("tree", "/corpus", null))
        .hasMessage("corpus source kind must be files or dataset, got: tree");
    assertThatThrownBy(() -> CorpusSource.dataset("/data/faq.jsonl", null))
        .hasMessage("a dataset source needs its format, got none for: /data/faq.jsonl");
  }
}
