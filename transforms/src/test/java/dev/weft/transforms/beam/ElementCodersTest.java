package dev.weft.transforms.beam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkVectors;
import dev.weft.context.DeadLetter;
import dev.weft.context.FileState;
import dev.weft.context.ItemMetadata;
import dev.weft.context.Kind;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.graph.FileImports;
import dev.weft.context.graph.ImportRef;
import dev.weft.transforms.ingest.FileOutcome;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.coders.CoderException;
import org.apache.beam.sdk.util.CoderUtils;
import org.junit.jupiter.api.Test;

/** The coders of what flows between ingest steps give back what they were given, field for field. */
class ElementCodersTest {
  private static final FileState STATE = new FileState("src/Big.java", Kind.CODE, "java", 1_700_000_000_123L, 70_000,
      "hash-1", "stamp-1", 2);

  @Test
  void aChunkedFileWithLongTextNullSymbolsAndAMissingVectorRoundTrips() throws CoderException {
    String longText = "x".repeat(70_000) + " é 日本";
    List<Chunk> chunks = List.of(
        new Chunk("id-1", "src/Big.java", Kind.CODE, "java", null, "file", 1, 900, longText, "hash-1"),
        new Chunk("id-2", "src/Big.java", Kind.CODE, "java", "Big#run", "method", 901, 910, "void run() {}",
            "hash-1"));
    ChunkVectors vectors = ChunkVectors.of(new EmbedderIdentity("hash-trigram-v1", 3),
        Arrays.asList(new float[] {0.5f, -1f, Float.MIN_VALUE}, null));
    FileOutcome.Chunked file = new FileOutcome.Chunked(STATE, chunks, vectors);

    FileOutcome.Chunked back = CoderUtils.clone(ChunkedCoder.of(), file);

    assertThat(back.state()).isEqualTo(STATE);
    assertThat(back.chunks()).isEqualTo(chunks);
    assertThat(back.vectors().identity()).isEqualTo(vectors.identity());
    assertThat(back.vectors().vector(0)).containsExactly(0.5f, -1f, Float.MIN_VALUE);
    assertThat(back.vectors().vector(1)).isNull();
    assertThat(CoderUtils.clone(ChunkedCoder.of(), new FileOutcome.Chunked(STATE, chunks)).vectors().isNone())
        .isTrue();
  }

  @Test
  void aChunkedFilesImportsRoundTripAndNoImportsStayNone() throws CoderException {
    List<Chunk> chunks = List.of(new Chunk("id-1", "src/Big.java", Kind.CODE, "java", null, "preamble", 0, 1,
        "import a.B;", "hash-1"));
    FileImports imports = new FileImports(List.of("java:Big", "javapkg:"),
        List.of(ImportRef.of("a.B", List.of("java:a.B")), new ImportRef("C", List.of("java:C"), true)));
    FileState state = new FileState("src/Big.java", Kind.CODE, "java", 1L, 11, "hash-1", "stamp-1", 1);

    FileOutcome.Chunked back = CoderUtils.clone(ChunkedCoder.of(),
        new FileOutcome.Chunked(state, chunks, ChunkVectors.none(), imports));

    assertThat(back.imports()).isEqualTo(imports);
    assertThat(CoderUtils.clone(ChunkedCoder.of(), new FileOutcome.Chunked(state, chunks)).imports()).isNull();
  }

  @Test
  void anItemsMetadataRoundTripsTyped() throws CoderException {
    FileState state = new FileState("d1", Kind.DOC, "text", 0, 5, "hash-1", "stamp-1", 1);
    List<Chunk> chunks = List.of(new Chunk("d1#0", "d1", Kind.DOC, "text", null, "paragraphs", 0, 0, "hello",
        "hash-1"));
    ItemMetadata meta = ItemMetadata.of(Map.of("lang", "en", "year", 2021L, "score", 0.5, "draft", true));

    FileOutcome.Chunked back = CoderUtils.clone(ChunkedCoder.of(), new FileOutcome.Chunked(state, chunks)
        .withMeta(meta));

    assertThat(back.meta()).isEqualTo(meta);
    assertThat(back.meta().values().get("year")).isInstanceOf(Long.class);
  }

  @Test
  void aDeadLetterRoundTripsWithNullDetail() throws CoderException {
    DeadLetter letter = new DeadLetter("docs/a.bin", "read", "binary", null);

    assertThat(CoderUtils.clone(DeadLetterCoder.of(), letter)).isEqualTo(letter);
  }

  @Test
  void bytesOfAnotherEncodingVersionAreRefusedNamingTheWayOut() {
    byte[] bytes = {9};

    assertThatThrownBy(() -> ChunkedCoder.of().decode(new ByteArrayInputStream(bytes)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("encoding version must be 3, got: 9")
        .hasMessageContaining("same Weft jar");
  }
}
