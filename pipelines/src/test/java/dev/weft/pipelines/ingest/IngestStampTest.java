package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IngestStampTest {
  @Test
  void namesTheChunkerAnalysisAndGraphVersions() {
    // graph-1 re-chunks every older item once, on purpose: its import edges must be extracted (vectors are reused)
    assertThat(IngestStamp.CURRENT).isEqualTo("chunkers-2.java-2+analysis-2+graph-1");
  }
}
