package dev.weft.context;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IngestCountersTest {
  @Test
  void deadLettersCountUnderErrorsOrTheirSkipReason() {
    assertThat(IngestCounters.forDeadLetter("errors")).isEqualTo("errors");
    assertThat(IngestCounters.forDeadLetter(SkipReason.BINARY.counter())).isEqualTo("skipped.binary");
    assertThat(IngestCounters.skipped("invalid_record")).isEqualTo("skipped.invalid_record");
    assertThat(IngestCounters.embedFailed("timeout")).isEqualTo("embed_failed.timeout");
  }

  @Test
  void namesAreTheOnesReportsAndManifestsAlreadyHold() {
    // renaming one would break every saved report, manifest and dashboard that reads them
    assertThat(new String[] {IngestCounters.ADDED, IngestCounters.UPDATED, IngestCounters.REMOVED,
        IngestCounters.UNCHANGED, IngestCounters.EMPTY, IngestCounters.CHUNKS, IngestCounters.EMBEDDED,
        IngestCounters.VECTORS_REUSED, IngestCounters.EMBED_FAILED, IngestCounters.TRUNCATED, IngestCounters.ERRORS})
        .containsExactly("added", "updated", "removed", "unchanged", "empty", "chunks", "embedded", "vectors_reused",
            "embed_failed", "truncated", "errors");
    assertThat(IngestCounters.NAMESPACE).isEqualTo("weft.ingest");
  }
}
