package dev.weft.transforms.graph;

import dev.weft.context.graph.FileImports;
import java.util.Locale;
import java.util.Map;

/**
 * The import extractor of each code format of the {@code Formats} registry that has one; other formats have no
 * imports. A light pass over the text per file (comments blanked, then patterns), beside the chunker's parse:
 * measured in docs/graph.md.
 */
public final class ImportExtractors {
  private static final ScriptImports SCRIPT = new ScriptImports();
  private static final Map<String, ImportExtractor> BY_FORMAT = Map.of(
      "java", new JavaImports(),
      "python", new PythonImports(),
      "javascript", SCRIPT,
      "typescript", SCRIPT,
      "go", new GoImports());

  private ImportExtractors() {}

  /** Whether {@code format} has an extractor (its files get an edge document). */
  public static boolean handles(String format) {
    return BY_FORMAT.containsKey(format.toLowerCase(Locale.ROOT));
  }

  /** The imports of one file; {@link FileImports#none()} for a format without an extractor. */
  public static FileImports extract(String format, String path, String text, ProjectFiles project) {
    ImportExtractor extractor = BY_FORMAT.get(format.toLowerCase(Locale.ROOT));
    return extractor == null ? FileImports.none() : extractor.extract(path, text, project);
  }
}
