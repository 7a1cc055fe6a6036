package dev.weft.index;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.ItemMetadata;
import dev.weft.context.filter.MetaFilter;
import dev.weft.context.filter.MetaFilters;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * The compiled filter selects exactly the items the reference meaning ({@link MetaFilter#test}) passes, on random
 * metadata (every type, names missing at random, a name holding a long in one item and a double in another) and
 * random filters.
 */
class MetaFilterQueriesTest {
  private static final List<String> NAMES = List.of("lang", "year", "score", "draft");

  @Property(tries = 1000)
  void theQueryMatchesWhatTheFilterPasses(@ForAll("items") List<ItemMetadata> items,
      @ForAll("filters") MetaFilter filter) throws IOException {
    Set<Integer> expected = new TreeSet<>();
    for (int i = 0; i < items.size(); i++) {
      if (filter.test(items.get(i))) {
        expected.add(i);
      }
    }
    assertThat(matched(items, filter)).as(MetaFilters.print(filter)).isEqualTo(expected);
  }

  /** The rounding of a bound of one number type against a field of the other, at and between whole numbers. */
  @org.junit.jupiter.api.Test
  void boundsOfEitherNumberTypeCompareAsNumbers() throws IOException {
    List<ItemMetadata> items = List.of(ItemMetadata.of(Map.of("year", 1L)), ItemMetadata.of(Map.of("year", 2L)),
        ItemMetadata.of(Map.of("year", 3L)), ItemMetadata.of(Map.of("year", 2.0)),
        ItemMetadata.of(Map.of("year", 2.5)), ItemMetadata.of(Map.of("year", -0.0)));
    for (String op : List.of("=", "!=", "<", "<=", ">", ">=")) {
      for (String bound : List.of("2", "2.0", "1.5", "2.5", "0", "-0.0", "9223372036854775807", "1e19", "-1e19")) {
        MetaFilter filter = dev.weft.context.filter.MetaFilterParser.parse("year " + op + " " + bound);
        Set<Integer> expected = new TreeSet<>();
        for (int i = 0; i < items.size(); i++) {
          if (filter.test(items.get(i))) {
            expected.add(i);
          }
        }
        assertThat(matched(items, filter)).as("year " + op + " " + bound).isEqualTo(expected);
      }
    }
  }

  private static Set<Integer> matched(List<ItemMetadata> items, MetaFilter filter) throws IOException {
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
      try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig(new StandardAnalyzer()))) {
        for (int i = 0; i < items.size(); i++) {
          Document doc = new Document();
          doc.add(new StringField("n", Integer.toString(i), Field.Store.NO));
          doc.add(new StoredField("n", i));
          writer.addDocument(ChunkDocuments.withMeta(doc, items.get(i)));
        }
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        IndexSearcher searcher = new IndexSearcher(reader);
        Set<Integer> found = new TreeSet<>();
        for (ScoreDoc hit : searcher.search(MetaFilterQueries.of(filter), Math.max(1, items.size())).scoreDocs) {
          found.add(searcher.storedFields().document(hit.doc).getField("n").numericValue().intValue());
        }
        return found;
      }
    }
  }

  @Provide
  Arbitrary<List<ItemMetadata>> items() {
    Arbitrary<ItemMetadata> item = Combinators.combine(NAMES.stream()
        .map(name -> Arbitraries.oneOf(MetaFilters.values(), Arbitraries.just(null)).injectNull(0.0))
        .toList()).as(values -> {
          Map<String, Object> meta = new HashMap<>();
          for (int i = 0; i < NAMES.size(); i++) {
            meta.put(NAMES.get(i), values.get(i));
          }
          return ItemMetadata.of(meta);
        });
    return item.list().ofMinSize(0).ofMaxSize(20);
  }

  @Provide
  Arbitrary<MetaFilter> filters() {
    return MetaFilters.filters(NAMES, 3);
  }
}
