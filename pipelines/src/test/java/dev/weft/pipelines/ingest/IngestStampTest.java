package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IngestStampTest {
  @Test
  void namesTheChunkerAnalysisGraphAndEmbeddedTextVersions() {
    // graph-1 re-chunks every older item once, on purpose: its import edges must be extracted (vectors are reused);
    // embed-text-2 re-chunks once so every code chunk is hashed by its header and embedded again
    assertThat(IngestStamp.CURRENT).isEqualTo("chunkers-2.python-2+analysis-2+graph-1+embed-text-2");
  }
}
