/**
 * Import extraction for the code graph: at ingest, each code file's imports and the keys it provides are read from its
 * text alone ({@code FileImports} of {@code context.graph}), by a light per-language pass (comments and strings blanked
 * by {@code SourceText}, then patterns) for Java, Python, JavaScript/TypeScript and Go, plus the project files
 * resolution needs ({@code ProjectFiles}: the nearest {@code go.mod} and {@code tsconfig.json}). Resolution against the
 * other files happens later, when the graph is read ({@code CodeGraph}).
 *
 * <p>Read {@link dev.weft.transforms.graph.ImportExtractors} first: it maps each format of the {@code Formats} registry
 * to its extractor.
 *
 * <p>May import: the JDK, Jackson and {@code context.graph}. Must not import Beam, Lucene, {@code dev.weft.index} or a
 * parser: the extractors never throw on any text. A change to the rules bumps {@code FileImports.VERSION}, part of the
 * ingest stamp.
 */
package dev.weft.transforms.graph;
