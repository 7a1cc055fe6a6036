package dev.weft.transforms.vectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Chunk;
import dev.weft.context.Kind;
import dev.weft.context.embed.Embedder;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbeddingException;
import dev.weft.index.ChunkTextHash;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ChunkEmbedderTest {
  private static final EmbedderIdentity ID = new EmbedderIdentity("test-model", 2);

  /** Embeds text t as {len(t), 1}; fails any batch holding a text that contains "FAIL"; records its calls. */
  static final class RecordingEmbedder implements Embedder {
    final List<List<String>> calls = new ArrayList<>();

    @Override
    public EmbedderIdentity identity() {
      return ID;
    }

    @Override
    public List<float[]> embed(List<String> texts) {
      calls.add(List.copyOf(texts));
      if (texts.stream().anyMatch(t -> t.contains("FAIL"))) {
        throw new EmbeddingException("stub refused a batch of " + texts.size());
      }
      return texts.stream().map(t -> new float[] {t.length(), 1f}).toList();
    }
  }

  private static Chunk chunk(int i, String text) {
    return new Chunk("a.md#" + i, "a.md", Kind.DOC, "markdown", null, "section", i, i, text, "h");
  }

  @Test
  void embedsInBatchesAndKeepsChunkOrder() {
    RecordingEmbedder embedder = new RecordingEmbedder();
    List<Chunk> chunks = List.of(chunk(0, "a"), chunk(1, "bb"), chunk(2, "ccc"));

    ChunkEmbedder.Result result = new ChunkEmbedder(embedder, VectorReuse.NONE, 2).embed(chunks);

    assertThat(embedder.calls).containsExactly(List.of("a", "bb"), List.of("ccc"));
    assertThat(result.vectors().vectors()).extracting(v -> v[0]).containsExactly(1f, 2f, 3f);
    assertThat(result.vectors().identity()).isEqualTo(ID);
    assertThat(result.embedded()).isEqualTo(3);
    assertThat(result.reused()).isZero();
  }

  @Test
  void reusesIndexedVectorsAndEmbedsEachDistinctTextOnce() {
    RecordingEmbedder embedder = new RecordingEmbedder();
    VectorReuse index = (identity, hashes) -> identity.equals(ID)
        ? Map.of(ChunkTextHash.of("known"), new float[] {9f, 9f}) : Map.of();
    List<Chunk> chunks = List.of(chunk(0, "known"), chunk(1, "new"), chunk(2, "new"));

    ChunkEmbedder.Result result = new ChunkEmbedder(embedder, index, 8).embed(chunks);

    assertThat(embedder.calls).containsExactly(List.of("new"));
    assertThat(result.vectors().vectors()).extracting(v -> v[0]).containsExactly(9f, 3f, 3f);
    assertThat(result.embedded()).isEqualTo(1);
    assertThat(result.reused()).isEqualTo(2);
  }

  @Test
  void aFailingBatchLeavesItsChunksWithoutVectorsAndLosesNone() {
    RecordingEmbedder embedder = new RecordingEmbedder();
    List<Chunk> chunks = List.of(chunk(0, "ok"), chunk(1, "FAIL here"), chunk(2, "fine"), chunk(3, "also"));

    ChunkEmbedder.Result result = new ChunkEmbedder(embedder, VectorReuse.NONE, 2).embed(chunks);

    assertThat(result.vectors().vectors()).hasSize(4);
    assertThat(result.vectors().vector(0)).isNull();
    assertThat(result.vectors().vector(1)).isNull();
    assertThat(result.vectors().vector(2)).isNotNull();
    assertThat(result.failed()).isEqualTo(2);
    assertThat(result.embedded()).isEqualTo(2);
    assertThat(result.lastError()).isEqualTo("stub refused a batch of 2");
  }

  @Test
  void validatesTheBatchSize() {
    assertThatThrownBy(() -> new ChunkEmbedder(new RecordingEmbedder(), VectorReuse.NONE, 0))
        .hasMessage("embed batch size must be at least 1, got: 0");
  }
}
