package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IngestStampTest {
  @Test
  void namesTheChunkerAndAnalysisVersionsAsIndexesAlreadyStoreThem() {
    // an index written before the stamp moved here holds this value; any other would re-chunk every item
    assertThat(IngestStamp.CURRENT).isEqualTo("chunkers-2+analysis-2");
  }
}
