package dev.weft.pipelines.program.beam;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import dev.weft.context.program.MaxConcurrent;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.ingest.beam.LocationUri;
import dev.weft.transforms.beam.MapWithModel;
import java.net.URI;
import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.Validation;

/**
 * Options of a program run on Beam. Runner options come from the runner on the class path, so {@code
 * --runner=FlinkRunner --flinkMaster=[local]} parse beside these. The map keeps {@code maxConcurrent} calls in
 * flight at any parallelism ({@code --targetParallelism} on Direct, {@code --parallelism} on Flink); on a session
 * cluster with no {@code --parallelism} the job runs on the cluster's free task slots.
 */
public interface ProgramRunOptions extends PipelineOptions {
  @Description("The pieces: a Weft index directory (its served generation's chunks) or a dataset file (.jsonl, "
      + ".parquet, .avro: one piece per record); the kind is told by --sourceKind. A file: URI or a plain path (a "
      + "shared mount on a cluster: the workers read it); other schemes are refused")
  @Validation.Required
  @JsonDeserialize(using = LocationUri.Parse.class)
  @JsonSerialize(using = ToStringSerializer.class)
  URI getSource();

  void setSource(URI value);

  @Description("What --source is: index or dataset")
  @Default.String("dataset")
  String getSourceKind();

  void setSourceKind(String value);

  @Description("Where map results are kept, keyed by (program fingerprint, piece address), so a re-run asks only "
      + "what is missing: a Beam FileSystem URI (file:///..., a plain path meaning file:, gs://... with its Beam "
      + "module); the workers write it")
  @Validation.Required
  @JsonDeserialize(using = LocationUri.Parse.class)
  @JsonSerialize(using = ToStringSerializer.class)
  URI getResults();

  void setResults(URI value);

  @Description("Directory the run's results dataset (results-SSSSS-of-NNNNN.parquet, dev.weft.schemas.MapResult "
      + "rows) is written to, a file: URI or a plain path (a shared mount on a cluster: the workers write it); its "
      + "previous results-*.parquet files are replaced")
  @Validation.Required
  @JsonDeserialize(using = LocationUri.Parse.class)
  @JsonSerialize(using = ToStringSerializer.class)
  URI getOutput();

  void setOutput(URI value);

  @Description("At most this many sub-calls in flight in the whole job")
  @Default.Integer(MaxConcurrent.DEFAULT)
  int getMaxConcurrent();

  void setMaxConcurrent(int value);

  @Description("Visit at most the first N pieces in address order; 0: the map step's own cap (or every piece)")
  @Default.Integer(0)
  int getMaxSubcalls();

  void setMaxSubcalls(int value);

  @Description("Ask again the pieces whose stored result is an {error} (true), or keep those failures (false)")
  @Default.Boolean(true)
  boolean getRetryFailed();

  void setRetryFailed(boolean value);
}
