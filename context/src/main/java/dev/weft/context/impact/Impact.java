package dev.weft.context.impact;

import java.util.List;
import java.util.Objects;

/**
 * The blast radius of changing a symbol, computed from one index generation.
 *
 * @param symbol the name asked about, as given ({@code name} or {@code Type.name})
 * @param defs every definition, by path then line
 * @param refCount {@code max(confirmed, mentions)}: over-counting is safe, under-counting is the dangerous error
 * @param confirmed callers whose reference the language's parser confirmed
 * @param mentions callers whose code text names the symbol as a whole word, confirmed or not
 * @param risk from {@code refCount} ({@link Risk#of})
 * @param complexity decision points plus one (if, loops, case, catch, {@code &&}, {@code ||}, {@code ?:}) of the
 *     most complex definition; 0 when no definition could be parsed
 * @param callers every referring chunk, confirmed or not, by path then line
 * @param callees names the definitions call that are themselves defined in the tree, sorted
 * @param hedges one sentence per uncertain verdict; never empty when the verdict could be wrong
 */
public record Impact(
    String symbol,
    List<Definition> defs,
    int refCount,
    int confirmed,
    int mentions,
    Risk risk,
    int complexity,
    List<Caller> callers,
    List<String> callees,
    List<String> hedges) {

  public Impact {
    Objects.requireNonNull(symbol, "symbol");
    Objects.requireNonNull(risk, "risk");
    defs = List.copyOf(defs);
    callers = List.copyOf(callers);
    callees = List.copyOf(callees);
    hedges = List.copyOf(hedges);
    if (defs.isEmpty()) {
      throw new IllegalArgumentException("an impact needs at least one definition of " + symbol + ", got none");
    }
    if (refCount != Math.max(confirmed, mentions)) {
      throw new IllegalArgumentException("refCount must be max(confirmed, mentions) = "
          + Math.max(confirmed, mentions) + ", got: " + refCount + " for " + symbol);
    }
  }
}
