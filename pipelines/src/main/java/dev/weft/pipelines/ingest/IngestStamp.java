package dev.weft.pipelines.ingest;

import dev.weft.context.EmbeddedText;
import dev.weft.context.graph.FileImports;
import dev.weft.index.analysis.AnalysisVersion;
import dev.weft.transforms.chunk.Chunkers;

/**
 * What an indexed item's chunk documents were built with, stored with each item: the chunkers' version (from the
 * format registry) and the index's {@link AnalysisVersion}. Either changing re-chunks the item on the next
 * incremental run (its vectors are reused: the chunk texts did not change), and so does a change of the code
 * graph's import extraction ({@link FileImports#VERSION}), whose edges are written with the chunks, and a change of
 * what a chunk embeds ({@link EmbeddedText#VERSION}: each chunk is hashed again, so a chunk whose embedded text
 * changed misses its old vector and is embedded anew, the others reuse theirs). Built here, where ingest is assembled,
 * because the ingest core in {@code transforms} knows the chunkers but not the index.
 */
public final class IngestStamp {
  public static final String CURRENT = Chunkers.STAMP + "+" + AnalysisVersion.CURRENT + "+" + FileImports.VERSION
      + "+" + EmbeddedText.VERSION;

  private IngestStamp() {}
}
