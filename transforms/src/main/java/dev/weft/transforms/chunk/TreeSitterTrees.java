package dev.weft.transforms.chunk;

import dev.weft.models.natives.NativeLibraries;
import java.util.function.Function;
import org.treesitter.TSLanguage;
import org.treesitter.TSParser;
import org.treesitter.TSTree;

/** The one way Weft parses text with tree-sitter: natives from the cache, a parser per parse, both closed after. */
public final class TreeSitterTrees {
  private TreeSitterTrees() {}

  /** Parses {@code source} as {@code language} and answers what {@code read} makes of the tree while it is open. */
  public static <T> T parse(TSLanguage language, String source, Function<TSTree, T> read) {
    NativeLibraries.prepareTreeSitter(); // before TSParser loads its library: from the cache, not the temp dir
    TSParser parser = new TSParser();
    try {
      parser.setLanguage(language);
      try (TSTree tree = parser.parseString(null, source)) {
        return read.apply(tree);
      }
    } finally {
      parser.close();
    }
  }
}
