package dev.weft.jobs;

import dev.weft.api.ExportSummary;
import dev.weft.api.Weft;
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
final class ExportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin IndexOption indexOption;

  @Option(names = "--format", defaultValue = "parquet", paramLabel = "FORMAT",
      description = "parquet (default, Snappy) or avro (object container file, deflate).")
  String format;

  @Option(names = "--out", required = true, paramLabel = "DIR",
      description = "Directory that receives the dataset (created when missing); its previous Weft-named "
          + "chunks-*.<format> files are replaced.")
  Path out;

  @Option(names = "--json", description = "Print the summary as JSON.")
  boolean json;

  @Override
  public Integer call() {
    ExportFormat exportFormat = ExportFormat.parse(format);
    Path dir = out.toAbsolutePath().normalize();
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new IllegalArgumentException("--out must be a directory, got a file: " + dir
          + "; pass a directory (created when missing)");
    }
    ExportSummary summary;
    try (Weft weft = Weft.open(indexOption.forRead())) {
      summary = weft.export(exportFormat, dir);
    }
    PrintWriter printer = spec.commandLine().getOut();
    if (json) {
      printer.println(Json.write(summary));
    } else {
      printer.println("exported generation " + summary.generation() + " to " + summary.file());
      printer.println("chunks\t" + summary.chunks());
      printer.println("chunks with vectors\t" + summary.chunksWithVectors());
    }
    return 0;
  }
}
