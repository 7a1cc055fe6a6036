package dev.weft.api;

import dev.weft.pipelines.ingest.IngestReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What {@link Weft#index} did: the ingest run, and when the run embeds and chunks of items it did not touch still
 * had no vector, the pass that gave them one (a second generation).
 *
 * @param ingest the ingest run's report
 * @param filled the embed-missing pass's report, or null when none ran
 */
public record IndexOutcome(IngestReport ingest, IngestReport filled) {
  public Optional<IngestReport> fill() {
    return Optional.ofNullable(filled);
  }

  /** Both reports in the order they ran. */
  public List<IngestReport> reports() {
    List<IngestReport> reports = new ArrayList<>(List.of(ingest));
    fill().ifPresent(reports::add);
    return reports;
  }
}
