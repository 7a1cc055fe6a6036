package dev.weft.jobs.entry;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.pipelines.ingest.IngestRequest;
import dev.weft.pipelines.ingest.beam.LocationUri;
import dev.weft.pipelines.ingest.beam.StagingOptions;
import java.net.URI;
import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.Validation;

/**
 * {@link ReindexJob}'s options. Beam's own ({@code --runner}, and the FlinkRunner's {@code --flinkMaster},
 * {@code --parallelism}) parse beside these and pick the executor; without {@code --runner} the run picks as
 * {@code weft index --runner auto} does. {@code --staging} is {@link StagingOptions}' (one definition shared with
 * the ingest pipeline's options, as Beam requires of one property name).
 */
public interface ReindexOptions extends StagingOptions {
  @Description("Required. Corpus root to index: a file: URI or a plain path (which means file:). On a cluster the "
      + "workers read it, so it is a shared mount every worker reaches; other schemes are refused.")
  @Validation.Required
  @JsonDeserialize(using = LocationUri.Parse.class)
  @JsonSerialize(using = ToStringSerializer.class)
  URI getCorpus();

  void setCorpus(URI value);

  // a String like ExportOptions' and ProgramRunJobOptions' --index: Beam requires one type per property name across
  // the interfaces a JVM registers, and the driver alone opens the index (workers get the staging location)
  @Description("Index directory, a local path on the driver (or a file: URI) that the driver locks, merges into "
      + "and publishes (default: CORPUS/.weft, or $WEFT_INDEX). Without --staging, Beam workers stage under it.")
  String getIndex();

  void setIndex(String value);

  @Description("Also write the run report (JSON) to this file, a local path on the driver, whether the run "
      + "publishes or fails.")
  String getReport();

  void setReport(String value);

  @Description("Re-chunk every file even when unchanged.")
  @Default.Boolean(false)
  boolean getForce();

  void setForce(boolean value);

  @Description("Generations kept for rollback (weft index --keep-generations).")
  @Default.Integer(GenerationManifest.DEFAULT_KEEP_GENERATIONS)
  int getKeepGenerations();

  void setKeepGenerations(int value);

  // the same property, and type, as IngestOptions' --lockWait (a duration: 500ms, 600s, 10m); no @Default on either,
  // since Beam wants one on every interface naming the property or none, and a batch run's default (0s) is not a
  // streaming window's (10m)
  @Description("How long to wait for another run's write lock before exiting 3 (busy): 0s (the default: refuse at "
      + "once), 600s, 10m.")
  String getLockWait();

  void setLockWait(String value);

  @Description("Give chunks vectors with the index's embedder, else bge-small; --embedder implies it.")
  @Default.Boolean(false)
  boolean getEmbed();

  void setEmbed(boolean value);

  // the same property as IngestOptions' (Beam requires one @Default per property name across interfaces)
  @Description("Embedder spec (bge-small, minilm, hash:N, openai:...); see docs/embeddings.md. Empty: the index's.")
  @Default.String("")
  String getEmbedder();

  void setEmbedder(String value);
}
