package dev.weft.jobs.cli;

import dev.weft.api.ExportSummary;
import dev.weft.api.Weft;
import dev.weft.jobs.cli.options.IndexOption;
import dev.weft.jobs.cli.options.JsonOption;
import dev.weft.jobs.cli.options.ReportOption;
import dev.weft.jobs.report.RunRecorder;
import dev.weft.jobs.run.ReportFile;
import dev.weft.jobs.view.Json;
import dev.weft.pipelines.ingest.IngestProgress;
import dev.weft.transforms.export.ExportFormat;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "export",
    description = "Write every chunk of the served generation (with its vector when it has one) as a Parquet or "
        + "Avro dataset: OUT/chunks-00000-of-00001.parquet|avro, dev.weft.schemas.Chunk rows. See docs/export.md.")
public final class ExportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin IndexOption indexOption;

  @Option(names = "--format", defaultValue = "parquet", paramLabel = "FORMAT",
      description = "parquet (default, Snappy) or avro (object container file, deflate).")
  String format;

  @Option(names = "--out", required = true, paramLabel = "DIR",
      description = "Directory that receives the dataset (created when missing); its previous Weft-named "
          + "chunks-*.<format> files are replaced.")
  Path out;

  @Mixin JsonOption json;

  @Mixin ReportOption report;

  @Override
  public Integer call() {
    ExportFormat exportFormat = ExportFormat.parse(format);
    Path dir = out.toAbsolutePath().normalize();
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new IllegalArgumentException("--out must be a directory, got a file: " + dir
          + "; pass a directory (created when missing)");
    }
    ReportFile reportFile = new ReportFile(report.file(), "export");
    RunRecorder recorder = new RunRecorder(IngestProgress.NONE);
    recorder.stage("export");
    ExportSummary summary;
    try (Weft weft = Wefts.open(indexOption.forRead())) {
      summary = weft.export(exportFormat, dir);
    } catch (RuntimeException e) {
      reportFile.failed(recorder, e);
      throw e;
    }
    recorder.finished();
    PrintWriter printer = spec.commandLine().getOut();
    if (json.on()) {
      printer.println(Json.write(summary));
    } else {
      printer.println("exported generation " + summary.generation() + " to " + summary.file());
      printer.println("chunks\t" + summary.chunks());
      printer.println("chunks with vectors\t" + summary.chunksWithVectors());
    }
    reportFile.export(recorder, summary);
    return 0;
  }
}
