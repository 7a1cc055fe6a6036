package dev.weft.index;

import dev.weft.context.embed.EmbedderIdentity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;

/**
 * Which embedders the vectors of a generation came from, and how many chunks have none.
 *
 * @param chunksByEmbedder chunk count per embedder identity, ordered by {@code model/dims}; more than
 *     one entry is a mixture, which recall with vectors refuses
 * @param chunksWithoutVectors chunks that have no vector (a failed batch, or no embedder)
 */
public record VectorCensus(Map<EmbedderIdentity, Long> chunksByEmbedder, long chunksWithoutVectors) {
  public VectorCensus {
    chunksByEmbedder = Collections.unmodifiableMap(new LinkedHashMap<>(chunksByEmbedder));
  }

  public long chunksWithVectors() {
    return chunksByEmbedder.values().stream().mapToLong(Long::longValue).sum();
  }

  /** The one identity of the vectors; empty when there are none or a mixture. */
  public Optional<EmbedderIdentity> identity() {
    return chunksByEmbedder.size() == 1 ? Optional.of(chunksByEmbedder.keySet().iterator().next()) : Optional.empty();
  }

  public boolean isMixture() {
    return chunksByEmbedder.size() > 1;
  }

  /** Counts as the manifest records them: {@code model/dims} to chunks, sorted by name. */
  public Map<String, Long> byName() {
    return chunksByEmbedder.entrySet().stream()
        .collect(Collectors.toMap(e -> e.getKey().toString(), Map.Entry::getValue, Long::sum, TreeMap::new));
  }

  /** {@code a/384 (120 chunks), b/768 (3 chunks)}, or {@code no vectors}, and the chunks without one. */
  public String describe() {
    String identities = chunksByEmbedder.isEmpty() ? "no vectors"
        : chunksByEmbedder.entrySet().stream()
            .map(e -> e.getKey() + " (" + e.getValue() + " chunks)")
            .collect(Collectors.joining(", "));
    return identities + "; " + chunksWithoutVectors + " chunks without a vector";
  }

  /** Counts live chunks per {@code embedder} term; the terms of deleted documents count zero and are left out. */
  static VectorCensus of(IndexReader reader) {
    try {
      IndexSearcher searcher = new IndexSearcher(reader);
      long chunks = searcher.count(new TermQuery(new Term(ChunkDocuments.TYPE, ChunkDocuments.CHUNK)));
      Map<EmbedderIdentity, Long> counts = new LinkedHashMap<>();
      Terms terms = MultiTerms.getTerms(reader, ChunkDocuments.EMBEDDER);
      long withVectors = 0;
      if (terms != null) {
        TermsEnum names = terms.iterator();
        // terms come in byte order, which for model/dims strings is the order the census lists them in
        for (BytesRef name = names.next(); name != null; name = names.next()) {
          Term term = new Term(ChunkDocuments.EMBEDDER, BytesRef.deepCopyOf(name));
          long count = searcher.count(new TermQuery(term));
          if (count > 0) {
            counts.put(ChunkDocuments.parseIdentity(term.text()), count);
            withVectors += count;
          }
        }
      }
      return new VectorCensus(counts, chunks - withVectors);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot count the vectors of the index", e);
    }
  }
}
