package dev.weft.index.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.embed.Embedder;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.memory.Memory;
import dev.weft.context.memory.MemoryKind;
import dev.weft.context.memory.MemoryQuery;
import dev.weft.context.memory.MemoryRecallResult;
import dev.weft.context.memory.MemoryScope;
import dev.weft.context.memory.MemorySettings;
import dev.weft.context.memory.Remember;
import dev.weft.context.store.Concurrency;
import dev.weft.context.store.Mutation;
import dev.weft.context.store.Scope;
import dev.weft.context.store.Store;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The memory write path on the durable store: each write one commit, Porter recall per kind and scope, reopen. */
class MemoryOnLuceneStoreTest {
  @TempDir Path tmp;

  private static List<String> ids(MemoryRecallResult result) {
    return result.hits().stream().map(h -> h.record().id()).toList();
  }

  /** Three dims from word lengths: enough for a vector per text, with float components as real models give. */
  private static final class LengthEmbedder implements Embedder {
    @Override
    public EmbedderIdentity identity() {
      return new EmbedderIdentity("lengths", 3);
    }

    @Override
    public List<float[]> embed(List<String> texts) {
      return texts.stream().map(t -> new float[] {t.length() / 7f, t.split(" ").length / 3f, 0.1f}).toList();
    }
  }

  @Test
  void aWriteThatReadsStoredVectorsBackComparesThemUnchangedAndLandsFirstTime() {
    // an episode write reads every episode of the scope (to prune) and compares them again inside its mutate: a
    // vector that read back differently from the store than inside the mutate would replan until it gave up
    try (LuceneStore lucene = LuceneStore.open(tmp.resolve("ledger"))) {
      AtomicInteger mutates = new AtomicInteger();
      Store store = new Store() {
        @Override public Optional<JsonNode> get(String key) { return lucene.get(key); }
        @Override public void set(String key, JsonNode value) { lucene.set(key, value); }
        @Override public void delete(String key) { lucene.delete(key); }
        @Override public List<String> keys(String prefix) { return lucene.keys(prefix); }
        @Override public Concurrency concurrency() { return lucene.concurrency(); }
        @Override public Set<Capability> capabilities() { return lucene.capabilities(); }
        @Override public void close() {}

        @Override
        public <R> R mutate(Scope scope, Mutation<R> mutation) {
          mutates.incrementAndGet();
          return lucene.mutate(scope, mutation);
        }
      };
      Memory memory = new Memory(store, MemorySettings.defaults().withEmbedder(new LengthEmbedder()));
      for (int i = 0; i < 5; i++) {
        memory.remember("e" + i, "episode number " + i + " with some words", Remember.kind(MemoryKind.EPISODE));
      }
      assertThat(mutates.get()).isEqualTo(5);
      assertThat(memory.count(null, MemoryKind.EPISODE)).isEqualTo(5);
    }
  }

  @Test
  void concurrentRemembersAllLandWithDistinctGaplessSequenceNumbers() throws Exception {
    // every writer reads the same counter, so most first attempts lose and replan; none may be lost or doubled
    try (LuceneStore store = LuceneStore.open(tmp.resolve("ledger"))) {
      Memory memory = new Memory(store);
      int threads = 4;
      int each = 25;
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      try {
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          int thread = t;
          done.add(pool.submit(() -> {
            for (int i = 0; i < each; i++) {
              memory.remember("t" + thread + "-" + i, "note " + i, Remember.defaults());
            }
          }));
        }
        for (Future<?> f : done) {
          f.get();
        }
      } finally {
        pool.shutdownNow();
      }
      List<Long> seqs = memory.enumerate(null, 0, 1000).records().stream().map(r -> r.seq()).toList();
      assertThat(seqs).hasSize(threads * each);
      assertThat(seqs).isEqualTo(LongStream.rangeClosed(1, threads * each).boxed().toList());
    }
  }

  @Test
  void eachRememberAndForgetIsOneCommitAndRecallIsPorterStemmedPerKindAndScope() {
    try (LuceneStore store = LuceneStore.open(tmp.resolve("ledger"))) {
      Memory memory = new Memory(store);
      long before = store.commitCount();
      memory.remember("policy", "Our refund policy is thirty days", Remember.defaults());
      memory.remember("call", "A customer asked for refunds twice", Remember.kind(MemoryKind.EPISODE));
      memory.remember("other", "refund rules for alice", Remember.defaults().withScope(MemoryScope.owner("alice")));
      memory.forget("other", MemoryScope.owner("alice"));
      assertThat(store.commitCount()).isEqualTo(before + 4);

      assertThat(ids(memory.recall(MemoryQuery.of("refunds", MemoryKind.FACT).withLog(false))))
          .containsExactly("policy");
      assertThat(ids(memory.recall(MemoryQuery.of("refunding", MemoryKind.EPISODE).withLog(false))))
          .containsExactly("call");
      assertThat(memory.recall(MemoryQuery.of("refund", MemoryKind.FACT).withScope(MemoryScope.owner("alice"))
          .withLog(false)).hits()).isEmpty();
    }
    try (LuceneStore store = LuceneStore.open(tmp.resolve("ledger"))) {
      Memory memory = new Memory(store);
      assertThat(memory.enumerate(null, 0, 10).records()).extracting(r -> r.id()).containsExactly("policy", "call");
      assertThat(memory.remember("next", "after reopening", Remember.defaults()).record().seq()).isEqualTo(3);
    }
  }

  @Test
  void aQueryOfMoreWordsThanLuceneAllowsClausesSearchesItsFirst64DistinctWordsAsCorpusRecallDoes() {
    try (LuceneStore store = LuceneStore.open(tmp.resolve("ledger"))) {
      Memory memory = new Memory(store);
      memory.remember("zebra", "a zebra crossed the road", Remember.defaults());
      String manyWords = IntStream.range(0, 1100).mapToObj(i -> "word" + i).collect(Collectors.joining(" "));

      assertThat(ids(memory.recall(MemoryQuery.of("zebra ".repeat(1100), MemoryKind.FACT).withLog(false))))
          .containsExactly("zebra");
      assertThat(ids(memory.recall(MemoryQuery.of("zebra " + manyWords, MemoryKind.FACT).withLog(false))))
          .containsExactly("zebra");
      // the same bound as corpus recall: a word past the first 64 distinct ones is not searched
      assertThat(memory.recall(MemoryQuery.of(manyWords + " zebra", MemoryKind.FACT).withLog(false)).hits())
          .isEmpty();
    }
  }
}
