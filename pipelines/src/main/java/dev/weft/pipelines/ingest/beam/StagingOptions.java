package dev.weft.pipelines.ingest.beam;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import java.net.URI;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.PipelineOptions;

/**
 * The one definition of {@code --staging}, shared by every options interface that takes it ({@link IngestOptions},
 * the jobs' re-index options). Beam parses one property name across all the interfaces of a run and refuses
 * different return types or different {@code @Default}s for it, so the property is declared here once rather than
 * copied. It has no default: each caller says what "not given" means (a batch run of an index stages under the
 * index, the standalone pipeline in a fresh temporary directory).
 */
public interface StagingOptions extends PipelineOptions {
  @Description("Beam FileSystem URI of the directory Beam workers stage shard indexes in before the driver merges "
      + "them: file:///shared/dir (a plain absolute path means file:), or gs://, s3://, hdfs:// when that Beam "
      + "filesystem module is on the class path. Every worker and the driver must reach it; Weft deletes what it "
      + "stages there. Not given: under the index directory (a re-index), or a fresh local temporary directory "
      + "(the standalone pipeline).")
  @JsonDeserialize(using = LocationUri.Parse.class)
  @JsonSerialize(using = ToStringSerializer.class)
  URI getStaging();

  void setStaging(URI value);
}
