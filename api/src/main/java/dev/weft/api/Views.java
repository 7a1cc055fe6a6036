package dev.weft.api;

import dev.weft.index.CorpusSource;
import dev.weft.index.GenerationManifest;
import dev.weft.index.IndexCheck;
import dev.weft.index.IndexStats;
import dev.weft.index.RequestedEmbedder;
import dev.weft.index.UnreadableManifest;

/** The index module's values as the API's own records, so callers of the facade never depend on the index module. */
final class Views {
  private Views() {}

  static Generation generation(GenerationManifest m) {
    RequestedEmbedder requested = m.requestedEmbedder();
    CorpusSource source = m.source();
    return new Generation(m.generation(), m.luceneGeneration(), m.segmentsFileName(), m.createdAt(), m.corpusRoot(),
        m.chunkerStamp(), m.files(), m.chunks(), m.counts(), m.embedder(), m.embedders(), m.chunksWithVectors(),
        m.chunksWithoutVectors(),
        requested == null ? null : new Generation.Requested(requested.identity(), requested.spec()),
        source == null ? null : new Generation.Source(source.kind(), source.location(), source.format()));
  }

  static Generations.Unreadable unreadable(UnreadableManifest m) {
    return new Generations.Unreadable(m.generation(), m.file(), m.reason());
  }

  static Stats stats(IndexStats s) {
    return new Stats(s.generation(), s.files(), s.chunks(), s.indexBytes(), s.diskBytes(), s.corpusRoot(),
        new Stats.Vectors(s.vectors().byName(), s.vectors().chunksWithVectors(),
            s.vectors().chunksWithoutVectors()));
  }

  static CheckReport check(IndexCheck.Report r) {
    return new CheckReport(r.served(), r.currentProblem(), r.generations().stream()
        .map(g -> new CheckReport.GenerationCheck(g.generation(), g.served(), g.status(), g.segmentsFile(),
            g.segments(), g.documents(), g.problem(), g.vectorsSampled(), g.selfRecall()))
        .toList());
  }
}
