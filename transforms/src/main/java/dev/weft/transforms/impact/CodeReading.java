package dev.weft.transforms.impact;

import java.util.List;

/**
 * What a language's parser read in one chunk.
 *
 * @param parsed false when the parser could not read the chunk: nothing else here is then known
 * @param uses every identifier in the code, in text order
 * @param decisions decision points (if, loops, case, catch, {@code &&}, {@code ||}, {@code ?:})
 * @param exported true when the chunk's declaration is visible outside its module or package (public,
 *     exported, not underscore-private), so code outside the indexed tree may use it
 * @param reexports renamed re-exports ({@code export { name as alias } from "..."})
 */
public record CodeReading(
    boolean parsed, List<NameUse> uses, int decisions, boolean exported, List<Reexport> reexports) {

  /** {@code export { name as alias } from "..."} at a 0-based line of the chunk. */
  public record Reexport(String name, String alias, int line) {}

  public CodeReading {
    uses = List.copyOf(uses);
    reexports = List.copyOf(reexports);
  }

  /** A chunk the parser could not read; counted as exported, the safe guess. */
  public static CodeReading unparsed() {
    return new CodeReading(false, List.of(), 0, true, List.of());
  }
}
