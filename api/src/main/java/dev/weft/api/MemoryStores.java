package dev.weft.api;

import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.context.memory.Memory;
import dev.weft.context.store.Store;
import dev.weft.models.EmbedderSpecs;
import java.util.Optional;

/** Which embedder the memory beside an index is opened with. */
final class MemoryStores {
  /** The ledger's and the memory's store: a directory beside the corpus index's own files. */
  static final String DIRECTORY = "ledger";

  private MemoryStores() {}

  /**
   * {@code flag} when given; else the model the store's memories were embedded with (rebuilt from its identity);
   * else none, so remember stores text only and recall is bm25 (dense and hybrid refuse by name).
   */
  static Optional<EmbedderSpec> embedderFor(String flag, Store store) {
    if (flag != null) {
      return Optional.of(EmbedderSpecs.parse(flag));
    }
    Optional<EmbedderIdentity> recorded = Memory.embedderOf(store);
    return recorded.map(identity -> EmbedderSpecs.fromIdentity(identity).orElseThrow(() ->
        new IllegalArgumentException("the memories were embedded with " + identity + ", which cannot be rebuilt "
            + "from its name; pass --embedder (e.g. openai:<model>@<baseUrl>#<dims>)")));
  }
}
