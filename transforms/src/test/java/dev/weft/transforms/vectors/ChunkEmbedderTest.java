package dev.weft.transforms.vectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkTextHash;
import dev.weft.context.DeadLetter;
import dev.weft.context.Kind;
import dev.weft.context.embed.EmbedFailureReason;
import dev.weft.context.embed.Embedder;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbeddingException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
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

  /** Answers each batch with a function of its texts. */
  record FixedEmbedder(Function<List<String>, List<float[]>> answer) implements Embedder {
    @Override
    public EmbedderIdentity identity() {
      return ID;
    }

    @Override
    public List<float[]> embed(List<String> texts) {
      return answer.apply(texts);
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
  void aCodeChunkIsEmbeddedWithItsHeaderAndReusedOnlyUnderThatHeader() {
    RecordingEmbedder embedder = new RecordingEmbedder();
    String body = "  int size() { return n; }";
    Chunk here = new Chunk("src/util/Stack.java#1", "src/util/Stack.java", Kind.CODE, "java", "size", "method",
        1, 1, body, "h");
    Chunk moved = new Chunk("src/util/Queue.java#1", "src/util/Queue.java", Kind.CODE, "java", "size", "method",
        1, 1, body, "h");
    // the index knows the vector of this body embedded as Stack.size, and (stale) of the bare body
    VectorReuse index = (identity, hashes) -> Map.of(
        ChunkTextHash.of("src.util.Stack.size (stack size)\n" + body), new float[] {7f, 7f},
        ChunkTextHash.of(body), new float[] {8f, 8f});

    ChunkEmbedder.Result result = new ChunkEmbedder(embedder, index, 8).embed(List.of(here, moved));

    assertThat(embedder.calls).containsExactly(List.of("src.util.Queue.size (queue size)\n" + body));
    assertThat(result.vectors().vectors()).extracting(v -> v[0])
        .containsExactly(7f, (float) ("src.util.Queue.size (queue size)\n" + body).length());
    assertThat(result.reused()).isEqualTo(1);
    assertThat(result.embedded()).isEqualTo(1);
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
    assertThat(result.failures()).containsExactly(
        new DeadLetter("a.md#0", "embed", "embedder_error", "stub refused a batch of 2"),
        new DeadLetter("a.md#1", "embed", "embedder_error", "stub refused a batch of 2"));
  }

  @Test
  void eachChunkWithoutAVectorIsADeadLetterWithItsBatchsReason() {
    Embedder embedder = new FixedEmbedder(texts -> {
      if (texts.contains("limited")) {
        throw new EmbeddingException(EmbedFailureReason.HTTP_429, "rate limited");
      }
      return texts.stream().map(t -> t.equals("nothing") ? new float[] {0f, 0f} : new float[] {1f, 0f}).toList();
    });
    List<Chunk> chunks = List.of(chunk(0, "limited"), chunk(1, "limited"), chunk(2, "nothing"), chunk(3, "fine"));

    ChunkEmbedder.Result result = new ChunkEmbedder(embedder, VectorReuse.NONE, 1).embed(chunks);

    assertThat(result.failed()).isEqualTo(3);
    assertThat(result.failures()).extracting(DeadLetter::path, DeadLetter::stage, DeadLetter::reason)
        .containsExactly(tuple("a.md#0", "embed", "http_429"), tuple("a.md#1", "embed", "http_429"),
            tuple("a.md#2", "embed", "zero_vector"));
    assertThat(result.failures().get(2).detail()).contains("zero vector");
  }

  @Test
  void afterTheThresholdOfFailedBatchesInARowNoBatchIsSent() {
    RecordingEmbedder embedder = new RecordingEmbedder();
    List<Chunk> chunks = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      chunks.add(chunk(i, "FAIL " + i));
    }
    CircuitBreaker breaker = new CircuitBreaker(3);

    ChunkEmbedder.Result result = new ChunkEmbedder(embedder, VectorReuse.NONE, 1, breaker).embed(chunks);

    assertThat(embedder.calls).hasSize(3);
    assertThat(breaker.isOpen()).isTrue();
    assertThat(result.failed()).isEqualTo(6);
    assertThat(result.failures()).extracting(DeadLetter::reason).containsExactly("embedder_error",
        "embedder_error", "embedder_error", "circuit_open", "circuit_open", "circuit_open");
    assertThat(result.failures().get(3).detail())
        .contains("failed 3 batches in a row").contains("stub refused a batch of 1").contains("embed-missing");
  }

  @Test
  void aSuccessInBetweenResetsTheCountAndTheBreakerIsSharedByEmbedders() {
    RecordingEmbedder first = new RecordingEmbedder();
    RecordingEmbedder second = new RecordingEmbedder();
    CircuitBreaker breaker = new CircuitBreaker(2);

    new ChunkEmbedder(first, VectorReuse.NONE, 1, breaker)
        .embed(List.of(chunk(0, "FAIL a"), chunk(1, "ok"), chunk(2, "FAIL b")));
    assertThat(breaker.isOpen()).as("one failure, a success, one failure: not two in a row").isFalse();
    new ChunkEmbedder(second, VectorReuse.NONE, 1, breaker).embed(List.of(chunk(3, "FAIL c"), chunk(4, "fine")));

    assertThat(breaker.isOpen()).isTrue();
    assertThat(second.calls).as("the other thread's embedder stops too").containsExactly(List.of("FAIL c"));
  }

  @Test
  void validatesTheBatchSize() {
    assertThatThrownBy(() -> new ChunkEmbedder(new RecordingEmbedder(), VectorReuse.NONE, 0))
        .hasMessage("embed batch size must be at least 1, got: 0");
  }
}
