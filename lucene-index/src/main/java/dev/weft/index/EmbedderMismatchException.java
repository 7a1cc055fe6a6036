package dev.weft.index;

import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;

/**
 * Recall with vectors was refused: the query's embedder is not the one identity the index's vectors
 * have, or the index holds a mixture, or no vectors at all. Never answered with a silent subset; the
 * message names every identity found and how many chunks each has.
 */
public final class EmbedderMismatchException extends WeftException {
  private final transient EmbedderIdentity query;
  private final transient VectorCensus census;

  public EmbedderMismatchException(EmbedderIdentity query, VectorCensus census, long generation) {
    super(ExitStatus.BAD_INPUT, message(query, census, generation));
    this.query = query;
    this.census = census;
  }

  /** The identity that was refused. */
  public EmbedderIdentity query() {
    return query;
  }

  /** What the generation holds: every identity with its chunk count. */
  public VectorCensus census() {
    return census;
  }

  private static String message(EmbedderIdentity query, VectorCensus census, long generation) {
    if (census.chunksByEmbedder().isEmpty()) {
      return "recall with vectors needs an index with vectors; generation " + generation + " holds none: asked for "
          + query + ", found " + census.describe()
          + " (give its chunks vectors with `weft index --embed` or `weft embed-missing`, or recall with mode bm25)";
    }
    String rule = census.isMixture()
        ? "vectors must all come from one embedder identity; generation " + generation + " holds a mixture"
        : "vectors must all come from one embedder identity; generation " + generation + " holds another";
    return rule + ": asked for " + query + ", found " + census.describe()
        + " (re-embed the index with one embedder — `weft index --force --embedder SPEC` — or recall with mode bm25)";
  }
}
