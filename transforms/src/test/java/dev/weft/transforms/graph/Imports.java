package dev.weft.transforms.graph;

import dev.weft.context.graph.FileImports;
import dev.weft.context.graph.ImportRef;
import java.util.List;

/** Test helpers: one extractor's output as what a reader checks — the specs, and one spec's candidate keys. */
final class Imports {
  private Imports() {}

  static List<String> specs(FileImports imports) {
    return imports.imports().stream().filter(ref -> !ref.implicit()).map(ImportRef::spec).toList();
  }

  static List<String> implicit(FileImports imports) {
    return imports.imports().stream().filter(ImportRef::implicit).map(ImportRef::spec).toList();
  }

  static List<String> candidates(FileImports imports, String spec) {
    return imports.imports().stream().filter(ref -> ref.spec().equals(spec)).findFirst()
        .orElseThrow(() -> new AssertionError("no import " + spec + " in " + imports)).candidates();
  }
}
