package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IngestStampTest {
  @Test
  void namesTheChunkerAnalysisGraphAndEmbeddedTextVersions() {
    // graph-1 re-chunked every older item once, on purpose: its import edges had to be extracted; graph-2 (no import
    // inside a string) does it again, so no index keeps an edge the old rules invented (vectors are reused);
    // embed-text-2 re-chunks once so every code chunk is hashed by its header and embedded again
    assertThat(IngestStamp.CURRENT).isEqualTo("chunkers-2.java-3.python-3.go-2+analysis-2+graph-2+embed-text-2");
  }
}
