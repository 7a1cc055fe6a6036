package dev.weft.jobs.entry;

import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.Validation;

/** {@link ExportJob}'s options. */
public interface ExportOptions extends PipelineOptions {
  @Description("Required. Index directory to export the served generation of: a local path on the driver (or a "
      + "file: URI); the export runs in the driver.")
  @Validation.Required
  String getIndex();

  void setIndex(String value);

  @Description("Required. Directory that receives the dataset (created when missing): a local path on the driver "
      + "(or a file: URI).")
  @Validation.Required
  String getOut();

  void setOut(String value);

  @Description("parquet (Snappy) or avro (object container file, deflate); see docs/export.md.")
  @Default.String("parquet")
  String getFormat();

  void setFormat(String value);

  @Description("Also write the run report (JSON) to this file, a local path on the driver, whether the export "
      + "succeeds or fails.")
  String getReport();

  void setReport(String value);
}
