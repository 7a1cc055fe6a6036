package dev.weft.index;

import dev.weft.context.filter.MetaFilter;
import dev.weft.context.filter.MetaFilter.Op;
import org.apache.lucene.document.DoublePoint;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TermRangeQuery;

/**
 * Compiles a {@link MetaFilter} to the Lucene query over the metadata fields of chunk documents
 * ({@link ChunkDocuments#withMeta}): a string is a term of {@code meta.<name>}, a boolean a term of
 * {@code meta_bool.<name>}, a number a range on both {@code meta_long.<name>} and {@code meta_double.<name>}
 * (a name may hold longs in one record and doubles in another). The query means what {@link MetaFilter#test}
 * means; recall adds it as a FILTER clause, so it selects without scoring and {@code -n} hits are still found.
 */
final class MetaFilterQueries {
  private MetaFilterQueries() {}

  static Query of(MetaFilter filter) {
    if (filter instanceof MetaFilter.And and) {
      return new BooleanQuery.Builder().add(of(and.left()), Occur.FILTER).add(of(and.right()), Occur.FILTER)
          .build();
    }
    if (filter instanceof MetaFilter.Or or) {
      return new BooleanQuery.Builder().add(of(or.left()), Occur.SHOULD).add(of(or.right()), Occur.SHOULD)
          .setMinimumNumberShouldMatch(1).build();
    }
    if (filter instanceof MetaFilter.Not not) {
      return new BooleanQuery.Builder().add(new MatchAllDocsQuery(), Occur.FILTER).add(of(not.inner()),
          Occur.MUST_NOT).build();
    }
    if (filter instanceof MetaFilter.In in) {
      BooleanQuery.Builder any = new BooleanQuery.Builder().setMinimumNumberShouldMatch(1);
      for (Object value : in.values()) {
        any.add(equal(in.name(), value), Occur.SHOULD);
      }
      return any.build();
    }
    MetaFilter.Compare compare = (MetaFilter.Compare) filter;
    return switch (compare.op()) {
      case EQ -> equal(compare.name(), compare.value());
      // has the name with a value of the same type, and not this one
      case NE -> new BooleanQuery.Builder().add(exists(compare.name(), compare.value()), Occur.FILTER)
          .add(equal(compare.name(), compare.value()), Occur.MUST_NOT).build();
      default -> range(compare.name(), compare.op(), ((Number) compare.value()));
    };
  }

  private static Query equal(String name, Object value) {
    if (value instanceof String text) {
      return new TermQuery(new Term(ChunkDocuments.META_KEYWORD + name, text));
    }
    if (value instanceof Boolean flag) {
      return new TermQuery(new Term(ChunkDocuments.META_BOOLEAN + name, flag.toString()));
    }
    return range((String) name, Op.EQ, (Number) value);
  }

  /** Items holding {@code name} with a value of {@code value}'s type (numbers: either number type). */
  private static Query exists(String name, Object value) {
    if (value instanceof String) {
      return TermRangeQuery.newStringRange(ChunkDocuments.META_KEYWORD + name, null, null, true, true);
    }
    if (value instanceof Boolean) {
      return TermRangeQuery.newStringRange(ChunkDocuments.META_BOOLEAN + name, null, null, true, true);
    }
    return either(LongPoint.newRangeQuery(ChunkDocuments.META_LONG + name, Long.MIN_VALUE, Long.MAX_VALUE),
        DoublePoint.newRangeQuery(ChunkDocuments.META_DOUBLE + name, Double.NEGATIVE_INFINITY,
            Double.POSITIVE_INFINITY));
  }

  /** A number compared on both number fields of the name. */
  private static Query range(String name, Op op, Number bound) {
    return either(longRange(ChunkDocuments.META_LONG + name, op, bound),
        doubleRange(ChunkDocuments.META_DOUBLE + name, op, bound.doubleValue()));
  }

  private static Query either(Query a, Query b) {
    return new BooleanQuery.Builder().add(a, Occur.SHOULD).add(b, Occur.SHOULD).setMinimumNumberShouldMatch(1)
        .build();
  }

  private static Query doubleRange(String field, Op op, double bound) {
    return switch (op) {
      case EQ -> DoublePoint.newExactQuery(field, bound);
      case LT -> DoublePoint.newRangeQuery(field, Double.NEGATIVE_INFINITY, Math.nextDown(bound));
      case LE -> DoublePoint.newRangeQuery(field, Double.NEGATIVE_INFINITY, bound);
      case GT -> DoublePoint.newRangeQuery(field, Math.nextUp(bound), Double.POSITIVE_INFINITY);
      case GE -> DoublePoint.newRangeQuery(field, bound, Double.POSITIVE_INFINITY);
      case NE -> throw new IllegalStateException("!= is compiled as exists and not =");
    };
  }

  /**
   * A long field's range for a bound of either type: a fractional bound is rounded to the whole bounds that select
   * the same longs ({@code year > 2019.5} is {@code year >= 2020}), and a bound past the longs selects all or none.
   */
  private static Query longRange(String field, Op op, Number bound) {
    if (bound instanceof Long whole) {
      long v = whole;
      return switch (op) {
        case EQ -> LongPoint.newExactQuery(field, v);
        case LT -> v == Long.MIN_VALUE ? new MatchNoDocsQuery() : LongPoint.newRangeQuery(field, Long.MIN_VALUE,
            v - 1);
        case LE -> LongPoint.newRangeQuery(field, Long.MIN_VALUE, v);
        case GT -> v == Long.MAX_VALUE ? new MatchNoDocsQuery() : LongPoint.newRangeQuery(field, v + 1,
            Long.MAX_VALUE);
        case GE -> LongPoint.newRangeQuery(field, v, Long.MAX_VALUE);
        case NE -> throw new IllegalStateException("!= is compiled as exists and not =");
      };
    }
    double d = bound.doubleValue();
    double floor = Math.floor(d);
    double ceil = Math.ceil(d);
    boolean whole = floor == d;
    return switch (op) {
      case EQ -> whole && inLongs(d) ? LongPoint.newExactQuery(field, (long) d) : new MatchNoDocsQuery();
      case LT -> atMost(field, whole ? d - 1 : floor);
      case LE -> atMost(field, floor);
      case GT -> atLeast(field, whole ? d + 1 : ceil);
      case GE -> atLeast(field, ceil);
      case NE -> throw new IllegalStateException("!= is compiled as exists and not =");
    };
  }

  private static Query atMost(String field, double max) {
    if (max >= 0x1p63) {
      return LongPoint.newRangeQuery(field, Long.MIN_VALUE, Long.MAX_VALUE);
    }
    return max < -0x1p63 ? new MatchNoDocsQuery() : LongPoint.newRangeQuery(field, Long.MIN_VALUE, (long) max);
  }

  private static Query atLeast(String field, double min) {
    if (min <= -0x1p63) {
      return LongPoint.newRangeQuery(field, Long.MIN_VALUE, Long.MAX_VALUE);
    }
    return min >= 0x1p63 ? new MatchNoDocsQuery() : LongPoint.newRangeQuery(field, (long) min, Long.MAX_VALUE);
  }

  private static boolean inLongs(double d) {
    return d >= -0x1p63 && d < 0x1p63;
  }
}
