package dev.weft.transforms.beam;

import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.SchemaCoder;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptor;

/**
 * What one embedding call of {@link EmbedChunks} did, as an element in the window of the chunks it embedded: a
 * streaming window sums its tallies where a batch run reads the pipeline's counters, which a streaming job only
 * reports summed over every window.
 *
 * @param embedded texts embedded
 * @param reused chunks whose vector was reused from the served generation
 * @param failed chunks left without a vector
 * @param truncated texts cut to the model's input limit
 */
public record EmbedTally(long embedded, long reused, long failed, long truncated) {
  public static final Schema SCHEMA = Schema.builder()
      .addInt64Field("embedded")
      .addInt64Field("reused")
      .addInt64Field("failed")
      .addInt64Field("truncated")
      .build();

  private static final SchemaCoder<EmbedTally> CODER = SchemaCoder.of(SCHEMA, TypeDescriptor.of(EmbedTally.class),
      tally -> Row.withSchema(SCHEMA).addValues(tally.embedded(), tally.reused(), tally.failed(), tally.truncated())
          .build(),
      row -> new EmbedTally(row.getInt64("embedded"), row.getInt64("reused"), row.getInt64("failed"),
          row.getInt64("truncated")));

  /** The tally's schema coder (Java records get no inferred schema: see {@link DatasetRecordCoder}). */
  public static SchemaCoder<EmbedTally> coder() {
    return CODER;
  }

  public boolean isEmpty() {
    return embedded == 0 && reused == 0 && failed == 0 && truncated == 0;
  }
}
