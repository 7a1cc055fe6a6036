package dev.weft.jobs.entry;

import dev.weft.agents.program.RunOptions;
import dev.weft.context.program.MaxConcurrent;
import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.Validation;

/**
 * {@link ProgramRunJob}'s options: {@code weft program run}'s, in Beam's camelCase. Exactly one of {@code --env},
 * {@code --index}, {@code --dataset}. Named apart from the program pipeline's own options
 * ({@code ProgramRunOptions}) except {@code --maxSubcalls}, which has its default there too, as Beam requires.
 */
public interface ProgramRunJobOptions extends PipelineOptions {
  @Description("Required. The program (JSON), a local path on the driver; see docs/programs.md.")
  @Validation.Required
  String getProgram();

  void setProgram(String value);

  @Description("A directory, a local path on the driver: each file is a slot (its relative path) and a piece of "
      + "input. In process only.")
  String getEnv();

  void setEnv(String value);

  @Description("An index directory: each chunk is a piece. A local path on the driver, which hands Beam workers its "
      + "file: URI (a shared mount on a cluster).")
  String getIndex();

  void setIndex(String value);

  @Description("A JSONL, Parquet or Avro dataset: each record is a piece. A local path on the driver, which hands "
      + "Beam workers its file: URI (a shared mount on a cluster).")
  String getDataset();

  void setDataset(String value);

  @Description("Beam runners: where results are kept by (program fingerprint, piece address), so a re-run asks "
      + "only what is missing (default: INDEX/programs, or .weft-programs/FILE beside the dataset). A local path on "
      + "the driver; workers write under it, so a shared mount on a cluster.")
  String getWork();

  void setWork(String value);

  @Description("At most this many sub-calls in flight, 1 to " + MaxConcurrent.MAX + ".")
  @Default.Integer(MaxConcurrent.DEFAULT)
  int getMaxConcurrent();

  void setMaxConcurrent(int value);

  @Description("At most this many sub-calls: the first N pieces in address order; 0 keeps the map step's own.")
  @Default.Integer(0)
  int getMaxSubcalls();

  void setMaxSubcalls(int value);

  @Description("The map's deadline, a duration: 30m, 1h, PT1H; past it the run is cancelled.")
  @Default.String("PT1H")
  String getDeadline();

  void setDeadline(String value);

  @Description("The model name the endpoint knows (needed when the program maps; with --baseUrl).")
  String getModel();

  void setModel(String value);

  @Description("The OpenAI-compatible endpoint, e.g. http://127.0.0.1:8080 (with --model).")
  String getBaseUrl();

  void setBaseUrl(String value);

  @Description("The environment variable holding the API key; never printed.")
  @Default.String("OPENAI_API_KEY")
  String getApiKeyEnv();

  void setApiKeyEnv(String value);

  @Description("Each sub-call's deadline, a duration: 60s, PT60S.")
  @Default.String("PT60S")
  String getCallTimeout();

  void setCallTimeout(String value);

  @Description("Also write the run report (JSON) to this file, a local path on the driver, whether the run "
      + "succeeds or fails.")
  String getReport();

  void setReport(String value);
}
