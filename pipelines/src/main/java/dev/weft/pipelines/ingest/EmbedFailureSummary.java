package dev.weft.pipelines.ingest;

import dev.weft.context.DeadLetter;
import dev.weft.context.embed.EmbedFailureReason;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The chunks of one failure reason in a run: how many, and the message of the first (by chunk id, so every
 * executor reports the same one).
 *
 * @param reason the reason's code ({@code http_5xx}, {@code timeout}, ... see {@link EmbedFailureReason})
 * @param chunks chunks left without a vector for this reason
 * @param first the message of the first such chunk's failure
 */
public record EmbedFailureSummary(String reason, long chunks, String first) {
  /** One summary per reason present in {@code failures}, in the fixed order of {@link EmbedFailureReason}. */
  public static List<EmbedFailureSummary> of(List<DeadLetter> failures) {
    Map<String, List<DeadLetter>> byReason = failures.stream()
        .sorted(Comparator.comparing(DeadLetter::path).thenComparing(DeadLetter::detail))
        .collect(Collectors.groupingBy(DeadLetter::reason, LinkedHashMap::new, Collectors.toList()));
    List<EmbedFailureSummary> summaries = new ArrayList<>();
    for (EmbedFailureReason reason : EmbedFailureReason.values()) {
      List<DeadLetter> letters = byReason.get(reason.code());
      if (letters != null) {
        summaries.add(new EmbedFailureSummary(reason.code(), letters.size(), letters.get(0).detail()));
      }
    }
    return summaries;
  }

  /**
   * One line for stderr: {@code embedding failed for 40 chunks: timeout x 6 (first: ...); circuit_open x 34
   * (first: ...)}; empty when nothing failed.
   */
  public static String line(List<EmbedFailureSummary> summaries) {
    if (summaries.isEmpty()) {
      return "";
    }
    long total = summaries.stream().mapToLong(EmbedFailureSummary::chunks).sum();
    return "embedding failed for " + total + " chunks: " + summaries.stream()
        .map(s -> s.reason() + " x " + s.chunks() + " (first: " + s.first() + ")")
        .collect(Collectors.joining("; "));
  }
}
