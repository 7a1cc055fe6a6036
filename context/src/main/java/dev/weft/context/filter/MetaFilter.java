package dev.weft.context.filter;

import dev.weft.context.ItemMetadata;
import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;

/**
 * A filter on item metadata, as parsed from {@code --where} ({@link MetaFilterParser}). {@link #test} is the
 * reference meaning: an index compiles the same tree to a query, and tests hold the two equal.
 *
 * <p>Meaning: a comparison holds when the item has the named value and it compares as asked; a value of another
 * type never compares (a string is not equal to a number, nor unequal to it). So {@code lang != "en"} holds for
 * items whose {@code lang} is another string, not for items without a {@code lang}; {@code not lang = "en"} holds
 * for both. Numbers compare as numbers whatever their type (a {@code long} 2020 equals {@code 2020.0}).
 */
public sealed interface MetaFilter {
  /** Whether an item with this metadata passes. */
  boolean test(ItemMetadata meta);

  /** The six comparison operators. */
  enum Op {
    EQ("="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

    private final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }

    public String symbol() {
      return symbol;
    }

    /** Whether a comparison result ({@code compareTo}'s sign) satisfies this operator. */
    boolean holds(int order) {
      return switch (this) {
        case EQ -> order == 0;
        case NE -> order != 0;
        case LT -> order < 0;
        case LE -> order <= 0;
        case GT -> order > 0;
        case GE -> order >= 0;
      };
    }
  }

  /**
   * {@code name op value}. A range ({@code <}, {@code <=}, {@code >}, {@code >=}) takes a number only.
   *
   * @param value a {@link String}, {@link Long}, {@link Double} or {@link Boolean}
   */
  record Compare(String name, Op op, Object value) implements MetaFilter {
    public Compare {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(op, "op");
      Objects.requireNonNull(value, "value");
      if (op != Op.EQ && op != Op.NE && !(value instanceof Long || value instanceof Double)) {
        throw new IllegalArgumentException("a range needs a number, got: " + value);
      }
    }

    @Override
    public boolean test(ItemMetadata meta) {
      Object found = meta.values().get(name);
      if (found == null) {
        return false;
      }
      Integer order = compare(found, value);
      return order != null && op.holds(order);
    }

    /** The order of two values of one type (numbers of either), or null when they do not compare. */
    static Integer compare(Object found, Object wanted) {
      if (found instanceof Number a && wanted instanceof Number b) {
        if (found instanceof Long && wanted instanceof Long) {
          return Long.compare(a.longValue(), b.longValue());
        }
        if (found instanceof Long) {
          // a long against a fractional bound, exactly (a long field's range is rounded to whole bounds)
          return new BigDecimal(a.longValue()).compareTo(new BigDecimal(b.doubleValue()));
        }
        // a double against either: as doubles (metadata and literals hold no -0.0, so this is numeric order)
        return Double.compare(a.doubleValue(), b.doubleValue());
      }
      if (found instanceof String a && wanted instanceof String b) {
        return a.equals(b) ? 0 : 1;
      }
      if (found instanceof Boolean a && wanted instanceof Boolean b) {
        return a.equals(b) ? 0 : 1;
      }
      return null;
    }
  }

  /** {@code name in (v1, v2, ...)}: equal to one of the values. */
  record In(String name, List<Object> values) implements MetaFilter {
    public In {
      Objects.requireNonNull(name, "name");
      values = List.copyOf(values);
      if (values.isEmpty()) {
        throw new IllegalArgumentException("in (...) needs at least one value");
      }
    }

    @Override
    public boolean test(ItemMetadata meta) {
      return values.stream().anyMatch(value -> new Compare(name, Op.EQ, value).test(meta));
    }
  }

  record And(MetaFilter left, MetaFilter right) implements MetaFilter {
    @Override
    public boolean test(ItemMetadata meta) {
      return left.test(meta) && right.test(meta);
    }
  }

  record Or(MetaFilter left, MetaFilter right) implements MetaFilter {
    @Override
    public boolean test(ItemMetadata meta) {
      return left.test(meta) || right.test(meta);
    }
  }

  record Not(MetaFilter inner) implements MetaFilter {
    @Override
    public boolean test(ItemMetadata meta) {
      return !inner.test(meta);
    }
  }
}
