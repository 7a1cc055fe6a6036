package dev.weft.index.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.memory.Memory;
import dev.weft.context.memory.MemoryKind;
import dev.weft.context.memory.MemoryQuery;
import dev.weft.context.memory.MemoryRecallResult;
import dev.weft.context.memory.MemoryScope;
import dev.weft.context.memory.Remember;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The memory write path on the durable store: each write one commit, Porter recall per kind and scope, reopen. */
class MemoryOnLuceneStoreTest {
  @TempDir Path tmp;

  private static List<String> ids(MemoryRecallResult result) {
    return result.hits().stream().map(h -> h.record().id()).toList();
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
}
