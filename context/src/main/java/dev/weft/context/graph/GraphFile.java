package dev.weft.context.graph;

import dev.weft.context.Kind;
import java.util.Objects;

/** One indexed file as the graph sees it: its path, kind and format and what its ingest extracted. */
public record GraphFile(String path, Kind kind, String format, FileImports imports) {
  public GraphFile {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(format, "format");
    imports = imports == null ? FileImports.none() : imports;
  }
}
