/**
 * The blast radius of changing a symbol, as records: {@link dev.weft.context.impact.Impact} (definitions, callers,
 * reference counts, {@code Risk}) computed from one generation's code chunks, which are read through the
 * {@code SymbolChunks} seam. The seam keeps the two halves apart: {@code lucene-index} implements it with term lookups
 * ({@code SymbolLookup}), and {@code transforms.impact} parses the chunks and computes the answer.
 *
 * <p>Read {@link dev.weft.context.impact.Impact} first: its fields are what {@code weft impact} prints.
 *
 * <p>May import: the JDK, Jackson and {@code dev.weft.context}. Must not import Lucene, a parser (JavaParser,
 * tree-sitter) or any other Weft module. Lines here are 1-based, as editors show them.
 */
package dev.weft.context.impact;
