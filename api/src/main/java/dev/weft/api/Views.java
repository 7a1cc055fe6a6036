package dev.weft.api;

import dev.weft.index.IndexCheck;
import dev.weft.index.IndexStats;
import dev.weft.index.UnreadableManifest;

/** The index module's values as the API's own records, so callers of the facade never depend on the index module. */
final class Views {
  private Views() {}

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
