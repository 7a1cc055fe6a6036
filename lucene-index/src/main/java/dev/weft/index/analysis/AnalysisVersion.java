package dev.weft.index.analysis;

/**
 * The version of the index's analysis. An index is only searchable with the analyzers it was written with,
 * so the ingest stamp carries this: a change here re-chunks (and re-analyses) every item on the next run,
 * reusing its vectors, instead of leaving stemmed queries against unstemmed terms.
 */
public final class AnalysisVersion {
  /** 2: plural folding on code text and symbols, KStem on doc text and symbols (1: no stemming). */
  public static final String CURRENT = "analysis-2";

  private AnalysisVersion() {}
}
