package dev.weft.pipelines.ingest;

import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import dev.weft.index.EmbedderMismatchException;

/**
 * Keeps one embedder identity per index on the write side, as recall keeps it on the read side: a run that would
 * add vectors of one model to an index holding another's is refused before any work, naming every identity found.
 * Only a run that re-embeds every item ({@code --force} over the whole corpus) may switch models, because it
 * leaves no vector of the old one behind.
 */
public final class EmbedderGuard {
  private EmbedderGuard() {}

  /**
   * @param replacesEveryVector whether the run re-chunks (so re-embeds) every item of the index
   * @throws EmbedderMismatchException when the served generation holds vectors of another identity
   */
  public static void requireCompatible(CorpusIndex index, EmbedderIdentity identity, boolean replacesEveryVector) {
    if (identity == null || replacesEveryVector || index.current().isEmpty()) {
      return;
    }
    try (CorpusSearcher searcher = index.searcher()) {
      requireCompatible(searcher, identity);
    }
  }

  /** As above, on a searcher the caller already holds (its census is computed once per searcher). */
  static void requireCompatible(CorpusSearcher served, EmbedderIdentity identity) {
    boolean foreign = served.vectorCensus().chunksByEmbedder().keySet().stream()
        .anyMatch(other -> !EmbedderIdentity.sameIdentity(other, identity));
    if (foreign) {
      throw new EmbedderMismatchException(identity, served.vectorCensus(), served.generation().generation());
    }
  }
}
