package dev.weft.index;

import dev.weft.context.ChunkTextHash;
import dev.weft.context.embed.EmbedderIdentity;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;

/**
 * Reuses vectors already in the served generation: for an embedder identity and chunk text hashes
 * ({@link dev.weft.context.ChunkTextHash}), the vectors indexed for those texts by that identity, so unchanged text is
 * never embedded again. Open once per run and query per batch; thread-safe. Holds the generation's
 * files until closed; close it after the last lookup.
 */
public final class VectorLookup implements Closeable {
  private final ServedGenerations served;
  private final ServedGeneration generation;
  private volatile boolean closed;

  /**
   * @param generation the served generation, acquired from {@code served} and released to it on close; both null
   *     when nothing is published (every lookup is empty)
   */
  VectorLookup(ServedGenerations served, ServedGeneration generation) {
    this.served = served;
    this.generation = generation;
  }

  /**
   * Hash to vector for the hashes that have one from {@code identity}; a hash unknown to the index, or
   * known only without a vector or with another identity's, is absent. The arrays are fresh copies.
   */
  public Map<String, float[]> vectorsFor(EmbedderIdentity identity, Collection<String> textHashes) {
    Objects.requireNonNull(identity, "identity");
    Objects.requireNonNull(textHashes, "textHashes");
    if (closed) {
      throw new IllegalStateException("this vector lookup is closed");
    }
    if (generation == null || textHashes.isEmpty()) {
      return Map.of();
    }
    // in term order: the terms dictionary seeks fastest forward
    TreeMap<BytesRef, String> wanted = new TreeMap<>();
    for (String hash : textHashes) {
      BytesRef term = TextHashTerms.termOfHex(hash);
      if (term != null) {
        wanted.put(term, hash);
      }
    }
    Map<String, float[]> found = new HashMap<>();
    try {
      for (LeafReaderContext leaf : generation.reader().leaves()) {
        if (found.size() == wanted.size()) {
          break;
        }
        lookUp(leaf.reader(), ChunkDocuments.vectorField(identity), wanted, found);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot look up vectors of " + identity, e);
    }
    return found;
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      if (generation != null) {
        served.releaseUnchecked(generation);
      }
    }
  }

  private static void lookUp(LeafReader leaf, String field, TreeMap<BytesRef, String> wanted,
      Map<String, float[]> found) throws IOException {
    FloatVectorValues values = leaf.getFloatVectorValues(field);
    Terms terms = leaf.terms(ChunkDocuments.TEXT_HASH);
    if (values == null || terms == null) {
      return;
    }
    TermsEnum termsEnum = terms.iterator();
    Bits live = leaf.getLiveDocs();
    List<String> hashes = new ArrayList<>();
    // (doc << 32 | hash index): sorted, the documents come in id order for the forward-only vectors
    long[] pairs = new long[16];
    int size = 0;
    PostingsEnum postings = null;
    for (Map.Entry<BytesRef, String> entry : wanted.entrySet()) {
      if (found.containsKey(entry.getValue()) || !termsEnum.seekExact(entry.getKey())) {
        continue;
      }
      postings = termsEnum.postings(postings, PostingsEnum.NONE);
      for (int doc = postings.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = postings.nextDoc()) {
        if (live == null || live.get(doc)) {
          if (size == pairs.length) {
            pairs = Arrays.copyOf(pairs, size * 2);
          }
          pairs[size++] = ((long) doc << 32) | hashes.size();
        }
      }
      hashes.add(entry.getValue());
    }
    Arrays.sort(pairs, 0, size);
    for (int i = 0; i < size; i++) {
      int doc = (int) (pairs[i] >>> 32);
      String hash = hashes.get((int) pairs[i]);
      if (found.containsKey(hash)) {
        continue;
      }
      int at = values.docID() < doc ? values.advance(doc) : values.docID();
      if (at == doc) {
        found.put(hash, values.vectorValue().clone());
      }
    }
  }
}
