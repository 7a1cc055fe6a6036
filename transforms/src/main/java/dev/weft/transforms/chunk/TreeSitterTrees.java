package dev.weft.transforms.chunk;

import dev.weft.models.natives.NativeLibraries;
import java.util.function.Function;
import java.util.function.Supplier;
import org.treesitter.TSLanguage;
import org.treesitter.TSParser;
import org.treesitter.TSTree;

/** The one way Weft parses text with tree-sitter: natives from the cache, a parser per parse, both closed after. */
public final class TreeSitterTrees {
  private TreeSitterTrees() {}

  /**
   * Parses {@code source} as {@code language} and answers what {@code read} makes of the tree while it is open. The
   * language is made here, after the natives are prepared: making one loads its grammar's native library.
   */
  public static <T> T parse(Supplier<TSLanguage> language, String source, Function<TSTree, T> read) {
    NativeLibraries.prepareTreeSitter(); // before a tree-sitter class loads a library: from the cache, not temp
    TSParser parser = new TSParser();
    try {
      parser.setLanguage(language.get());
      try (TSTree tree = parser.parseString(null, source)) {
        return read.apply(tree);
      }
    } finally {
      parser.close();
    }
  }
}
