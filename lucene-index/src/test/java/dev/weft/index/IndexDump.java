package dev.weft.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;

/** Everything a generation holds, independent of document order: to compare two indexes. */
final class IndexDump {
  private IndexDump() {}

  /** One line per live document (stored fields, doc values and vectors), sorted. */
  static List<String> documents(IndexReader reader) throws IOException {
    List<String> docs = new ArrayList<>();
    for (LeafReaderContext leaf : reader.leaves()) {
      LeafReader leafReader = leaf.reader();
      Bits live = leafReader.getLiveDocs();
      TreeMap<String, FloatVectorValues> vectors = new TreeMap<>();
      for (FieldInfo info : leafReader.getFieldInfos()) {
        if (info.getVectorDimension() > 0) {
          vectors.put(info.name, leafReader.getFloatVectorValues(info.name));
        }
      }
      for (int doc = 0; doc < leafReader.maxDoc(); doc++) {
        if (live != null && !live.get(doc)) {
          continue;
        }
        TreeMap<String, String> fields = new TreeMap<>();
        Document stored = leafReader.storedFields().document(doc);
        stored.getFields().forEach(f -> fields.put("stored:" + f.name(), f.stringValue()));
        for (FieldInfo info : leafReader.getFieldInfos()) {
          String value = docValue(leafReader, info, doc);
          if (value != null) {
            fields.put("dv:" + info.name, value);
          }
        }
        for (Map.Entry<String, FloatVectorValues> field : vectors.entrySet()) {
          FloatVectorValues values = field.getValue();
          if ((values.docID() < doc ? values.advance(doc) : values.docID()) == doc) {
            fields.put("vector:" + field.getKey(), Arrays.toString(values.vectorValue()));
          }
        }
        docs.add(fields.toString());
      }
    }
    docs.sort(null);
    return docs;
  }

  /** Every indexed term with its document and total frequency, field by field. */
  static List<String> postings(IndexReader reader) throws IOException {
    List<String> postings = new ArrayList<>();
    for (FieldInfo info : FieldInfos.getMergedFieldInfos(reader)) {
      Terms terms = MultiTerms.getTerms(reader, info.name);
      if (terms == null) {
        continue;
      }
      TermsEnum termsEnum = terms.iterator();
      for (BytesRef term = termsEnum.next(); term != null; term = termsEnum.next()) {
        // text_hash terms are raw digest bytes, not UTF-8: printed as bytes
        String text = ChunkDocuments.TEXT_HASH.equals(info.name) ? term.toString() : term.utf8ToString();
        postings.add(info.name + ":" + text + " df=" + termsEnum.docFreq()
            + " ttf=" + termsEnum.totalTermFreq());
      }
    }
    postings.sort(null);
    return postings;
  }

  /** Opens the newest commit of a Lucene directory (a shard or an index's {@code lucene/}). */
  static List<List<String>> dump(Path luceneDir) {
    try (FSDirectory dir = FSDirectory.open(luceneDir);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      return List.of(documents(reader), postings(reader));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String docValue(LeafReader reader, FieldInfo info, int doc) {
    try {
      switch (info.getDocValuesType()) {
        case SORTED: {
          SortedDocValues values = reader.getSortedDocValues(info.name);
          return values.advanceExact(doc) ? values.lookupOrd(values.ordValue()).utf8ToString() : null;
        }
        case NUMERIC: {
          NumericDocValues values = reader.getNumericDocValues(info.name);
          return values.advanceExact(doc) ? Long.toString(values.longValue()) : null;
        }
        case BINARY: {
          BinaryDocValues values = reader.getBinaryDocValues(info.name);
          return values.advanceExact(doc) ? values.binaryValue().toString() : null;
        }
        default:
          return null;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
