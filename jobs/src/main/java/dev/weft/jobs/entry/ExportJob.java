package dev.weft.jobs.entry;

import dev.weft.api.ExportSummary;
import dev.weft.api.Weft;
import dev.weft.context.IndexLocation;
import dev.weft.transforms.beam.ResourcePaths;
import dev.weft.transforms.export.ExportFormat;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The served generation as a dataset, as a job: {@code java -cp weft.jar dev.weft.jobs.entry.ExportJob
 * --index=DIR --out=DIR [--format=parquet|avro] [--report=FILE]}; the same files as {@code weft export}
 * (docs/export.md). The export reads one generation on the driver, so {@code --runner} is accepted and unused.
 */
public final class ExportJob {
  private ExportJob() {}

  public static void main(String[] args) {
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** The job with the given streams; returns the exit code. */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    return JobMain.run("export", ExportOptions.class, args, out, err, ExportOptions::getReport,
        (options, recorder, report) -> {
          ExportFormat format = ExportFormat.parse(options.getFormat());
          Path dir = JobMain.localPath(options.getOut(), "--out").toAbsolutePath().normalize();
          if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new IllegalArgumentException("--out must be a directory, got a file: " + dir
                + "; pass a directory (created when missing)");
          }
          recorder.stage("export");
          ExportSummary summary;
          try (Weft weft = Weft.open(IndexLocation.forRead(ResourcePaths.index(options.getIndex())))) {
            summary = weft.export(format, dir);
          }
          recorder.finished();
          out.println("exported generation " + summary.generation() + " to " + summary.file());
          return report.export(recorder, summary);
        });
  }
}
