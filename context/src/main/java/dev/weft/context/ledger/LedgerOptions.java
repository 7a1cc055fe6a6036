package dev.weft.context.ledger;

import dev.weft.context.embed.Embedder;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;

/**
 * How a {@link Ledger} runs: its clock (timestamps of records and progress), the embedder {@code near} and
 * {@code embedMissing} use (none by default: {@code near} is then refused), whether writes embed at once
 * ({@code embedOnWrite}, off by default), the chunk texts cited evidence is checked against, and an optional host
 * reducer for goal checkpoints.
 */
public record LedgerOptions(
    Clock clock, Optional<Embedder> embedder, boolean embedOnWrite, ChunkTexts chunkTexts,
    Optional<GoalReducer> reducer) {
  public LedgerOptions {
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(embedder, "embedder");
    Objects.requireNonNull(chunkTexts, "chunkTexts");
    Objects.requireNonNull(reducer, "reducer");
    if (embedOnWrite && embedder.isEmpty()) {
      throw new IllegalArgumentException("embedOnWrite needs an embedder: configure one with withEmbedder(...) "
          + "or leave embedOnWrite off");
    }
  }

  /** The system clock, no embedder, embedOnWrite off, no chunk index, the deterministic checkpoint. */
  public static LedgerOptions defaults() {
    return new LedgerOptions(Clock.systemUTC(), Optional.empty(), false, ChunkTexts.NONE, Optional.empty());
  }

  public LedgerOptions withClock(Clock value) {
    return new LedgerOptions(value, embedder, embedOnWrite, chunkTexts, reducer);
  }

  public LedgerOptions withEmbedder(Embedder value) {
    return new LedgerOptions(clock, Optional.of(value), embedOnWrite, chunkTexts, reducer);
  }

  public LedgerOptions withEmbedOnWrite(boolean value) {
    return new LedgerOptions(clock, embedder, value, chunkTexts, reducer);
  }

  public LedgerOptions withChunkTexts(ChunkTexts value) {
    return new LedgerOptions(clock, embedder, embedOnWrite, value, reducer);
  }

  public LedgerOptions withReducer(GoalReducer value) {
    return new LedgerOptions(clock, embedder, embedOnWrite, chunkTexts, Optional.of(value));
  }
}
