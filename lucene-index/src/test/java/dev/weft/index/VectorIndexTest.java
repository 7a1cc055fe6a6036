package dev.weft.index;

import static dev.weft.index.TestCorpus.embedded;
import static dev.weft.index.TestCorpus.span;
import static dev.weft.index.TestCorpus.vector;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkTextHash;
import dev.weft.context.ChunkVectors;
import dev.weft.context.EmbeddedText;
import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.QueryVector;
import dev.weft.context.RecallMode;
import dev.weft.context.RecallRequest;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.context.generation.RequestedEmbedder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VectorIndexTest {
  private static final EmbedderIdentity MINI = new EmbedderIdentity("mini", 4);
  private static final EmbedderIdentity OTHER = new EmbedderIdentity("other", 3);

  @TempDir Path temp;
  private TestCorpus corpus;
  private TestCorpus.Indexed parser;
  private TestCorpus.Indexed notes;

  @BeforeEach
  void files() {
    corpus = new TestCorpus(temp.resolve("corpus"));
    parser = corpus.file("src/Parser.java", Kind.CODE, "java", "class Parser {\n  void parse() {}\n}",
        span("Parser", "class", 0, 2), span("parse", "method", 1, 1));
    notes = corpus.file("docs/notes.md", Kind.DOC, "markdown", "# Notes\n\nParsing notes.",
        span("Notes", "section", 0, 2));
  }

  private CorpusIndex index() {
    return CorpusIndex.open(IndexLocation.of(temp.resolve("index")));
  }

  @Test
  void vectorsAreWrittenAndReadBackByTextHash() {
    float[] first = vector(0.1f, 0.2f, 0.3f, 0.4f);
    float[] second = vector(-1f, 0f, 0.5f, 2f);
    try (CorpusIndex index = index()) {
      TestCorpus.publish(index, corpus.options(), embedded(parser, MINI, first, second));
      Map<String, float[]> found = index.vectorsFor(MINI,
          List.of(EmbeddedText.hash(parser.chunk(0)), EmbeddedText.hash(parser.chunk(1))));
      assertThat(found).hasSize(2);
      assertThat(found.get(EmbeddedText.hash(parser.chunk(0)))).containsExactly(first);
      assertThat(found.get(EmbeddedText.hash(parser.chunk(1)))).containsExactly(second);
    }
  }

  @Test
  void theManifestRecordsTheIdentityAndTheCounts() {
    try (CorpusIndex index = index()) {
      GenerationManifest manifest = TestCorpus.publish(index, corpus.options(),
          embedded(parser, MINI, vector(1, 0, 0, 0), null),
          new TestCorpus.Embedded(notes, ChunkVectors.none()));
      assertThat(manifest.embedder()).isEqualTo(MINI);
      assertThat(manifest.embedders()).containsExactly(Map.entry("mini/4", 1L));
      assertThat(manifest.chunksWithVectors()).isEqualTo(1);
      assertThat(manifest.chunksWithoutVectors()).isEqualTo(2);
      assertThat(manifest.chunks()).isEqualTo(3);
      // and it survives the JSON round trip
      assertThat(index.current()).contains(manifest);
      try (CorpusSearcher searcher = index.searcher()) {
        assertThat(searcher.stats().vectors()).isEqualTo(new VectorCensus(Map.of(MINI, 1L), 2));
      }
    }
  }

  @Test
  void aManifestWrittenBeforeVectorsReadsWithoutThem() throws IOException {
    Path dir = temp.resolve("old");
    Files.createDirectories(dir.resolve(GenerationStore.GENERATIONS));
    Files.writeString(dir.resolve(GenerationStore.GENERATIONS).resolve("3.json"), "{\"generation\": 3, "
        + "\"luceneGeneration\": 2, \"segmentsFileName\": \"segments_2\", \"createdAt\": \"2025-01-01T00:00:00Z\", "
        + "\"corpusRoot\": \"/corpus\", \"chunkerStamp\": \"s\", \"files\": 1, \"chunks\": 2, "
        + "\"counts\": {\"indexed\": 1}}");
    GenerationManifest manifest = new GenerationStore(IndexLocation.of(dir)).read(3);
    assertThat(manifest.chunks()).isEqualTo(2);
    assertThat(manifest.embedder()).isNull();
    assertThat(manifest.embedders()).isEmpty();
    assertThat(manifest.chunksWithVectors()).isZero();
    assertThat(manifest.chunksWithoutVectors()).isZero();
    assertThat(manifest.requestedEmbedder()).isNull();
  }

  /** Issue #7: a run whose every batch failed left no trace of its embedder, so embed-missing picked another. */
  @Test
  void theRequestedEmbedderIsRecordedWithoutAnyVectorAndKeptByRunsThatNameNone() {
    RequestedEmbedder requested = new RequestedEmbedder(new EmbedderIdentity("openai:m", 8),
        "openai:m@http://127.0.0.1:9#8?timeout=10s");
    try (CorpusIndex index = index()) {
      GenerationManifest failed = TestCorpus.publish(index, corpus.options().withRequestedEmbedder(requested), parser);
      GenerationManifest later = TestCorpus.publish(index, corpus.options(), notes);

      assertThat(failed.embedder()).as("no vector was made").isNull();
      assertThat(failed.requestedEmbedder()).isEqualTo(requested);
      assertThat(later.requestedEmbedder()).isEqualTo(requested);
      assertThat(index.current().orElseThrow().requestedEmbedder()).as("read back").isEqualTo(requested);
    }
  }

  @Test
  void anIndexWithoutVectorsRecordsNoEmbedder() {
    try (CorpusIndex index = index()) {
      GenerationManifest manifest = TestCorpus.publish(index, corpus.options(), parser);
      assertThat(manifest.embedder()).isNull();
      assertThat(manifest.embedders()).isEmpty();
      assertThat(manifest.chunksWithoutVectors()).isEqualTo(2);
    }
  }

  @Test
  void aMixtureIsRefusedNamingEveryIdentity() {
    try (CorpusIndex index = index()) {
      // other dims too: a field per identity lets the mixture be written, then refused by name
      GenerationManifest manifest = TestCorpus.publish(index, corpus.options(),
          embedded(parser, MINI, vector(1, 0, 0, 0), vector(0, 1, 0, 0)),
          embedded(notes, OTHER, vector(1, 2, 3)));
      assertThat(manifest.embedder()).isNull();
      assertThat(manifest.embedders()).containsExactly(Map.entry("mini/4", 2L), Map.entry("other/3", 1L));
      try (CorpusSearcher searcher = index.searcher()) {
        for (RecallMode mode : List.of(RecallMode.DENSE, RecallMode.HYBRID)) {
          assertThatThrownBy(() -> searcher.recall(RecallRequest.of("parse").withMode(mode),
                  new QueryVector(MINI, vector(1, 0, 0, 0))))
              .isInstanceOf(EmbedderMismatchException.class)
              .hasMessageContaining("mixture")
              .hasMessageContaining("mini/4 (2 chunks)")
              .hasMessageContaining("other/3 (1 chunks)")
              .hasMessageContaining("0 chunks without a vector");
        }
        // bm25 does not read vectors: a mixture does not concern it
        assertThat(searcher.recall(RecallRequest.of("parse")).isEmpty()).isFalse();
      }
    }
  }

  @Test
  void aQueryWithAnotherIdentityIsRefused() {
    try (CorpusIndex index = index()) {
      TestCorpus.publish(index, corpus.options(), embedded(parser, MINI, vector(1, 0, 0, 0), vector(0, 1, 0, 0)),
          embedded(notes, MINI, (float[]) null));
      try (CorpusSearcher searcher = index.searcher()) {
        EmbedderIdentity sameDims = new EmbedderIdentity("bigger", 4);
        assertThatThrownBy(() -> searcher.recall(RecallRequest.of("parse").withMode(RecallMode.DENSE),
                new QueryVector(sameDims, vector(1, 0, 0, 0))))
            .isInstanceOf(EmbedderMismatchException.class)
            .hasMessageContaining("asked for bigger/4")
            .hasMessageContaining("mini/4 (2 chunks)")
            .hasMessageContaining("1 chunks without a vector")
            .satisfies(e -> assertThat(((EmbedderMismatchException) e).census().chunksByEmbedder())
                .containsOnlyKeys(MINI));
      }
    }
  }

  @Test
  void recallWithVectorsOnAnIndexWithoutAnyIsRefused() {
    try (CorpusIndex index = index()) {
      TestCorpus.publish(index, corpus.options(), parser);
      try (CorpusSearcher searcher = index.searcher()) {
        assertThatThrownBy(() -> searcher.recall(RecallRequest.of("parse").withMode(RecallMode.HYBRID),
                new QueryVector(MINI, vector(1, 0, 0, 0))))
            .isInstanceOf(EmbedderMismatchException.class)
            .hasMessageContaining("holds none")
            .hasMessageContaining("no vectors; 2 chunks without a vector");
        assertThatThrownBy(() -> searcher.recall(RecallRequest.of("parse").withMode(RecallMode.DENSE)))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("recall mode dense needs a query vector, got: none");
      }
    }
  }

  @Test
  void reuseFindsKnownHashesOfTheSameIdentityOnly() {
    try (CorpusIndex index = index()) {
      TestCorpus.publish(index, corpus.options(), embedded(parser, MINI, vector(1, 0, 0, 0), null),
          embedded(notes, OTHER, vector(1, 2, 3)));
      String withVector = EmbeddedText.hash(parser.chunk(0));
      String withoutVector = EmbeddedText.hash(parser.chunk(1));
      String otherIdentity = EmbeddedText.hash(notes.chunk(0));
      String unknown = ChunkTextHash.of("never indexed");
      try (VectorLookup lookup = index.vectorLookup()) {
        Map<String, float[]> found =
            lookup.vectorsFor(MINI, List.of(withVector, withoutVector, otherIdentity, unknown, "not-a-hash"));
        assertThat(found).containsOnlyKeys(withVector);
        assertThat(lookup.vectorsFor(OTHER, List.of(withVector, otherIdentity))).containsOnlyKeys(otherIdentity);
        assertThat(lookup.vectorsFor(new EmbedderIdentity("mini", 8), List.of(withVector))).isEmpty();
        assertThat(lookup.vectorsFor(MINI, List.of())).isEmpty();
      }
    }
  }

  @Test
  void theSameDocTextElsewhereReusesTheVector() {
    TestCorpus.Indexed copy = corpus.file("guide/copy.md", Kind.DOC, "markdown", "# Notes\n\nParsing notes.",
        span("Notes", "section", 0, 2));
    try (CorpusIndex index = index()) {
      TestCorpus.publish(index, corpus.options(), embedded(notes, MINI, vector(0, 0, 1, 0)));
      assertThat(EmbeddedText.hash(copy.chunk(0))).isEqualTo(EmbeddedText.hash(notes.chunk(0)));
      assertThat(index.vectorsFor(MINI, List.of(EmbeddedText.hash(copy.chunk(0)))).values())
          .singleElement().satisfies(v -> assertThat(v).containsExactly(0, 0, 1, 0));
    }
  }

  @Test
  void theSameCodeTextInAnotherFileIsNotReusedItsHeaderDiffers() {
    // the vector was made from "src.Parser.parse (parser parse)" and the body: it does not stand for Copy.parse
    TestCorpus.Indexed copy = corpus.file("src/Copy.java", Kind.CODE, "java", "  void parse() {}",
        span("parse", "method", 0, 0));
    try (CorpusIndex index = index()) {
      TestCorpus.publish(index, corpus.options(), embedded(parser, MINI, null, vector(0, 0, 1, 0)));
      assertThat(copy.chunk(0).text()).isEqualTo(parser.chunk(1).text());
      assertThat(index.vectorsFor(MINI, List.of(EmbeddedText.hash(copy.chunk(0))))).isEmpty();
      assertThat(index.vectorsFor(MINI, List.of(EmbeddedText.hash(parser.chunk(1))))).hasSize(1);
    }
  }

  @Test
  void anEmptyIndexHasNothingToReuse() {
    try (CorpusIndex index = index(); VectorLookup lookup = index.vectorLookup()) {
      assertThat(lookup.vectorsFor(MINI, List.of(ChunkTextHash.of("x")))).isEmpty();
    }
  }

  @Test
  void missingVectorsAreListedThenFilledInAndTheNextListingIsEmpty() {
    try (CorpusIndex index = index()) {
      TestCorpus.publish(index, corpus.options(), embedded(parser, MINI, vector(1, 0, 0, 0), null),
          new TestCorpus.Embedded(notes, ChunkVectors.none()));
      List<List<Chunk>> batches = new ArrayList<>();
      try (CorpusSearcher searcher = index.searcher()) {
        searcher.chunksWithoutVectors(1).forEach(batches::add);
        assertThat(batches).hasSize(2).allSatisfy(batch -> assertThat(batch).hasSize(1));
        assertThat(batches.stream().flatMap(List::stream))
            .containsExactlyInAnyOrder(parser.chunk(1), notes.chunk(0));
        try (IndexUpdate update = index.beginUpdate(corpus.options())) {
          for (List<Chunk> batch : batches) {
            List<float[]> vectors = batch.stream().map(c -> vector(0, 0, 0, c.text().length())).toList();
            assertThat(update.setVectors(batch, ChunkVectors.of(MINI, vectors))).isEqualTo(1);
          }
          update.commit();
          GenerationManifest manifest = update.publish(Map.of("embedded", 2L));
          assertThat(manifest.chunksWithoutVectors()).isZero();
          assertThat(manifest.chunksWithVectors()).isEqualTo(3);
          assertThat(manifest.chunks()).isEqualTo(3);
        }
      }
      try (CorpusSearcher searcher = corpus.searcher(index)) {
        assertThat(searcher.chunksWithoutVectors(10)).isEmpty();
        assertThat(searcher.vectorCensus()).isEqualTo(new VectorCensus(Map.of(MINI, 3L), 0));
        // the rewritten chunks are whole again: BM25 still finds them and get still answers
        assertThat(searcher.recall(new RecallRequest("notes", java.util.Set.of(Kind.DOC), 0, true)).hits())
            .singleElement().satisfies(hit -> assertThat(hit.path()).isEqualTo("docs/notes.md"));
        assertThat(searcher.get("docs/notes.md", 0, 2)).contains(notes.chunk(0).text());
      }
      assertThat(index.vectorsFor(MINI, List.of(EmbeddedText.hash(notes.chunk(0))))
          .get(EmbeddedText.hash(notes.chunk(0)))).containsExactly(0, 0, 0, notes.chunk(0).text().length());
    }
  }

  @Test
  void setVectorsByIdRewritesTheChunkAndSkipsUnknownIds() {
    try (CorpusIndex index = index()) {
      TestCorpus.publish(index, corpus.options(), parser);
      try (IndexUpdate update = index.beginUpdate(corpus.options())) {
        assertThat(update.setVectors(MINI, Map.of(parser.chunk(1).id(), vector(0, 1, 0, 0),
            "src/Gone.java#0", vector(1, 0, 0, 0)))).isEqualTo(1);
        update.commit();
        GenerationManifest manifest = update.publish(Map.of());
        assertThat(manifest.chunksWithVectors()).isEqualTo(1);
        assertThat(manifest.chunksWithoutVectors()).isEqualTo(1);
      }
      try (CorpusSearcher searcher = index.searcher()) {
        assertThat(searcher.chunksWithoutVectors(5)).singleElement().isEqualTo(List.of(parser.chunk(0)));
      }
    }
  }

  @Test
  void setVectorsLeavesAloneAPathThisUpdateWrote() {
    try (CorpusIndex index = index()) {
      TestCorpus.publish(index, corpus.options(), parser, notes);
      try (IndexUpdate update = index.beginUpdate(corpus.options())) {
        update.replace(parser.state(), parser.chunks());
        update.delete(notes.state().path());
        assertThat(update.setVectors(MINI, Map.of(parser.chunk(0).id(), vector(1, 0, 0, 0),
            notes.chunk(0).id(), vector(0, 1, 0, 0)))).isZero();
        update.commit();
        GenerationManifest manifest = update.publish(Map.of());
        assertThat(manifest.chunks()).isEqualTo(2);
        assertThat(manifest.chunksWithVectors()).isZero();
      }
    }
  }

  @Test
  void aListedChunkWhoseTextChangedSinceIsNotGivenTheVector() {
    try (CorpusIndex index = index()) {
      TestCorpus.publish(index, corpus.options(), notes);
      List<Chunk> listed;
      try (CorpusSearcher searcher = index.searcher()) {
        listed = searcher.chunksWithoutVectors(10).iterator().next();
      }
      // another run re-indexes the file before the vectors arrive
      TestCorpus.Indexed edited = corpus.file("docs/notes.md", Kind.DOC, "markdown", "# Notes\n\nNew text.",
          span("Notes", "section", 0, 2));
      TestCorpus.publish(index, corpus.options(), edited);
      try (IndexUpdate update = index.beginUpdate(corpus.options())) {
        assertThat(update.setVectors(listed, ChunkVectors.of(MINI, List.of(vector(1, 1, 1, 1))))).isZero();
        update.commit();
        assertThat(update.publish(Map.of()).chunksWithVectors()).isZero();
      }
    }
  }

  @Test
  void vectorsWiderThanLucenesDefaultLimitAreIndexed() {
    EmbedderIdentity wide = new EmbedderIdentity("openai:text-embedding-3-small", 1536);
    float[] big = new float[1536];
    Arrays.fill(big, 0.5f);
    try (CorpusIndex index = index()) {
      TestCorpus.publish(index, corpus.options(), embedded(notes, wide, big));
      assertThat(index.vectorsFor(wide, List.of(EmbeddedText.hash(notes.chunk(0)))).values())
          .singleElement().satisfies(v -> assertThat(v).containsExactly(big));
    }
  }

  @Test
  void vectorsAreValidated() {
    assertThatThrownBy(() -> ChunkVectors.of(MINI, List.of(vector(1, 2, 3))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("vector 0 must have the 4 dims of mini/4, got: 3");
    assertThatThrownBy(() -> ChunkVectors.of(MINI, List.of(vector(0, 0, 0, 0))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must not be all zeros");
    assertThatThrownBy(() -> new QueryVector(MINI, vector(0, Float.NaN, 0, 1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("query vector must be finite, got: NaN at dim 1");
    assertThatThrownBy(() -> ChunkVectors.of(null, List.of(vector(1))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no identity");
    try (CorpusIndex index = index(); IndexUpdate update = index.beginUpdate(corpus.options())) {
      assertThatThrownBy(() -> update.replace(parser.state(), parser.chunks(),
              ChunkVectors.of(MINI, List.of(vector(1, 0, 0, 0)))))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("vectors must be parallel to the chunks, got: 1 vectors for 2 chunks of src/Parser.java");
    }
  }
}
