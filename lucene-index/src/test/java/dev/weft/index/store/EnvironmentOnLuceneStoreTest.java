package dev.weft.index.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.env.ChunkSpec;
import dev.weft.context.env.Chunked;
import dev.weft.context.env.SlotEnvironment;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The environment on the durable store: a 10 MB slot put, chunked and read, and still there after a reopen. */
class EnvironmentOnLuceneStoreTest {
  @TempDir Path tmp;

  @Test
  void aTenMegabyteSlotIsPutChunkedAndReadExactlyAcrossAReopen() {
    StringBuilder text = new StringBuilder();
    for (int line = 0; text.length() < 10_000_000; line++) {
      text.append("line ").append(line).append(" of the big slot\n");
    }
    String big = text.toString();
    try (LuceneStore store = LuceneStore.open(tmp.resolve("ledger"))) {
      SlotEnvironment env = new SlotEnvironment(store);
      env.put("big", big);

      Chunked chunked = env.chunk("big", new ChunkSpec(ChunkSpec.Strategy.SIZE, 100_000, Optional.empty()));

      assertThat(chunked.pieces()).isEqualTo((big.length() + 99_999) / 100_000);
      assertThat(env.read("big#size:100000/42", 100_000, 0)).isEqualTo(big.substring(4_200_000, 4_300_000));
    }
    try (LuceneStore store = LuceneStore.open(tmp.resolve("ledger"))) {
      SlotEnvironment env = new SlotEnvironment(store);

      assertThat(env.read("big", 1_000, 9_000_000)).isEqualTo(big.substring(9_000_000, 9_001_000));
      assertThat(env.pieces("big")).hasSize((big.length() + 99_999) / 100_000);
    }
  }
}
