package dev.weft.index.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.store.StoreRules;
import dev.weft.context.store.StoredEmbedding;
import dev.weft.index.SharedVectors;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.Term;
import org.apache.lucene.util.BytesRef;

/**
 * The one mapping from a key and its JSON value to a Lucene document: one document per key.
 *
 * <ul>
 *   <li>{@code key}: a {@link KeywordField} — an exact term (lookup, {@code updateDocument}, prefix queries) and
 *       a sorted doc value (the key of a hit, ties by key) — not stored: the doc value is the one copy;
 *   <li>{@code value}: the JSON, stored as UTF-8 bytes, the only copy of the value;
 *   <li>{@code text}: {@code value.text} when it is a string, indexed for BM25 with Lucene's English analyzer
 *       (Porter stemming, so "refunds" finds "refund policy"), not stored;
 *   <li>the embedding, when {@code value.embedding} holds one, in the corpus index's field of its identity
 *       ({@link SharedVectors}) plus an {@code embedder} term naming the identity, so a rank counts the values it
 *       skips and the identities it saw without reading a stored value.
 * </ul>
 */
final class StoreDocuments {
  static final String KEY = "key";
  static final String VALUE = "value";
  static final String TEXT = "text";
  static final String EMBEDDER = "embedder";
  /** English with Porter stemming and English stop words; thread-safe, kept for the JVM. */
  static final Analyzer ANALYZER = new EnglishAnalyzer();
  private static final ObjectMapper JSON = new ObjectMapper();

  private StoreDocuments() {}

  static Term keyTerm(String key) {
    return new Term(KEY, key);
  }

  /** The document of {@code key}; the value is checked ({@link StoreRules#checkValue}) first. */
  static Document document(String key, JsonNode value) {
    Optional<StoredEmbedding> embedding = StoreRules.checkValue(key, value);
    Document doc = new Document();
    doc.add(new KeywordField(KEY, key, Field.Store.NO));
    doc.add(new StoredField(VALUE, new BytesRef(bytes(key, value))));
    JsonNode text = value.get(TEXT);
    if (text != null && text.isTextual()) {
      doc.add(new TextField(TEXT, text.textValue(), Field.Store.NO));
    }
    embedding.ifPresent(e -> {
      doc.add(SharedVectors.field(e.identity(), e.vector()));
      doc.add(new StringField(EMBEDDER, e.identity().toString(), Field.Store.NO));
    });
    return doc;
  }

  /**
   * The value as the store will hold it — its canonical form, as a document's value reads back ({@link
   * StoreRules#canonical}) — refusing what {@link #document} would refuse, without building the document.
   */
  static JsonNode storable(String key, JsonNode value) {
    StoreRules.checkValue(key, value);
    try {
      return JSON.readTree(bytes(key, value));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read back the value of '" + key + "': " + e.getMessage(), e);
    }
  }

  /** The value a stored document holds: a fresh tree, so every read is a detached copy. */
  static JsonNode value(BytesRef stored) {
    try {
      return JSON.readTree(stored.bytes, stored.offset, stored.length);
    } catch (IOException e) {
      throw new UncheckedIOException("a stored value is not JSON: " + e.getMessage(), e);
    }
  }

  private static byte[] bytes(String key, JsonNode value) {
    try {
      return JSON.writeValueAsBytes(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot store '" + key + "': the value is not serialisable JSON: "
          + e.getOriginalMessage(), e);
    }
  }
}
