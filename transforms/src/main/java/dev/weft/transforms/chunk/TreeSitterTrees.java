package dev.weft.transforms.chunk;

import dev.weft.models.natives.NativeLibraries;
import java.util.function.Function;
import java.util.function.Supplier;
import org.treesitter.TSLanguage;
import org.treesitter.TSParser;
import org.treesitter.TSTree;

/**
 * The one way Weft parses text with tree-sitter: natives from the cache, one parser per thread (reused, its language
 * set for each parse), the tree closed after each parse.
 */
public final class TreeSitterTrees {
  /**
   * A parser keeps its buffers between parses, so a thread that parses file after file allocates them once (making
   * and freeing a parser per file was about 1% of a tree's ingest CPU, most of it malloc). The parser is freed with
   * its thread: bonede's TSParser frees the native parser when it becomes unreachable.
   */
  private static final ThreadLocal<TSParser> PARSERS = ThreadLocal.withInitial(TSParser::new);

  private TreeSitterTrees() {}

  /**
   * Parses {@code source} as {@code language} and answers what {@code read} makes of the tree while it is open. The
   * language is made here, after the natives are prepared: making one loads its grammar's native library.
   */
  public static <T> T parse(Supplier<TSLanguage> language, String source, Function<TSTree, T> read) {
    NativeLibraries.prepareTreeSitter(); // before a tree-sitter class loads a library: from the cache, not temp
    TSParser parser = PARSERS.get();
    // setting the language resets the parser, so nothing of an earlier parse (or a failed one) carries over
    parser.setLanguage(language.get());
    try (TSTree tree = parser.parseString(null, source)) {
      return read.apply(tree);
    }
  }
}
