/**
 * {@code weft impact}'s computation: {@link dev.weft.transforms.impact.ImpactAnalyzer} takes one generation's code
 * chunks that mention a symbol (through {@code context.impact.SymbolChunks}) and returns its definitions, callers
 * (confirmed by the language's parser where there is one), callees, a decision-point complexity and a risk. Each chunk
 * is read by its language's parser as a fragment: {@code JavaCodeReader} (JavaParser) and {@code TreeSitterCodeReader}
 * (Python, JavaScript, TypeScript, Go).
 *
 * <p>Read {@link dev.weft.transforms.impact.ImpactAnalyzer} first. Over-counting is safe, under-counting is the
 * dangerous error: the reference count is the larger of the confirmed and the mentioned.
 *
 * <p>May import: the JDK, JavaParser, tree-sitter, {@code dev.weft.context}, {@code context.impact} and
 * {@code transforms.chunk} (the chunkers' parsers). Part of the ingest core: must not import Beam, Lucene or
 * {@code dev.weft.index} ({@code LayeringTest}); the index implements {@code SymbolChunks}.
 */
package dev.weft.transforms.impact;
