package dev.weft.context.filter;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** Random filters over a few names, and their text in the grammar, for property tests here and in the index. */
public final class MetaFilters {
  private MetaFilters() {}

  /** Values of every type, few and close together, so random filters and random metadata meet. */
  public static Arbitrary<Object> values() {
    return Arbitraries.oneOf(Arbitraries.of("en", "fr", "de", "").map(v -> (Object) v),
        Arbitraries.longs().between(-3, 3).map(v -> (Object) v),
        Arbitraries.of(-1.5, 0.0, 0.5, 2.0, 2.5).map(v -> (Object) v),
        Arbitraries.of(true, false).map(v -> (Object) v));
  }

  public static Arbitrary<MetaFilter> filters(List<String> names, int depth) {
    Arbitrary<String> name = Arbitraries.of(names);
    Arbitrary<MetaFilter> compare = Combinators.combine(name, Arbitraries.of(MetaFilter.Op.values()), values())
        .as((n, op, v) -> op == MetaFilter.Op.EQ || op == MetaFilter.Op.NE || v instanceof Number
            ? new MetaFilter.Compare(n, op, v) : new MetaFilter.Compare(n, MetaFilter.Op.EQ, v));
    Arbitrary<MetaFilter> in = Combinators.combine(name, values().list().ofMinSize(1).ofMaxSize(3))
        .as(MetaFilter.In::new);
    Arbitrary<MetaFilter> leaf = Arbitraries.oneOf(compare, in);
    if (depth == 0) {
      return leaf;
    }
    Arbitrary<MetaFilter> inner = Arbitraries.lazy(() -> filters(names, depth - 1));
    return Arbitraries.oneOf(leaf, leaf,
        Combinators.combine(inner, inner).as(MetaFilter.And::new),
        Combinators.combine(inner, inner).as(MetaFilter.Or::new),
        inner.map(MetaFilter.Not::new));
  }

  /** The filter in the grammar, fully parenthesised so it parses back to the same tree. */
  public static String print(MetaFilter filter) {
    if (filter instanceof MetaFilter.And and) {
      return "(" + print(and.left()) + " and " + print(and.right()) + ")";
    }
    if (filter instanceof MetaFilter.Or or) {
      return "(" + print(or.left()) + " OR " + print(or.right()) + ")";
    }
    if (filter instanceof MetaFilter.Not not) {
      return "not " + print(not.inner());
    }
    if (filter instanceof MetaFilter.In in) {
      return in.name() + " in (" + in.values().stream().map(MetaFilters::value).collect(Collectors.joining(", "))
          + ")";
    }
    MetaFilter.Compare compare = (MetaFilter.Compare) filter;
    return compare.name() + " " + compare.op().symbol() + " " + value(compare.value());
  }

  private static String value(Object value) {
    if (value instanceof String text) {
      return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
    if (value instanceof Double d) {
      return String.format(Locale.ROOT, "%s", d);
    }
    return value.toString();
  }
}
