package dev.weft.transforms.graph;

import dev.weft.context.graph.FileImports;

/** Extracts one format's imports from one file's text. Stateless, thread-safe; never throws on any text. */
interface ImportExtractor {
  FileImports extract(String path, String text, ProjectFiles project);
}
