package dev.weft.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.SmallFloat;

/**
 * One reader's files as dense ids: each live document's file id per leaf, each id's path, and per field each file's
 * length (its chunks' norms, summed or the largest). Built once per reader and kept until the reader closes: a
 * searcher is opened per call over the same served generation, and rebuilding these per call was most of
 * {@link FileRanking}'s time (docs/benchmarks.md, "Whole process (warm CLI)").
 */
final class FileOrdinals {
  /** Keyed by the reader's cache key (a generation's reader), dropped by the reader's close listener. */
  private static final Map<IndexReader.CacheKey, FileOrdinals> BY_READER = new ConcurrentHashMap<>();

  /** A field's per-file lengths, how many files hold it and their average length. */
  record Lengths(long[] byFile, int files, double average) {}

  private final IndexReader reader;
  /** Per leaf (by its ord), each document's file id; -1 for a deleted document or one without a path. */
  private final int[][] fileOfDoc;
  private final String[] paths;
  private final Map<String, Lengths> lengthsByField = new ConcurrentHashMap<>();

  private FileOrdinals(IndexReader reader) throws IOException {
    this.reader = reader;
    List<LeafReaderContext> leaves = reader.leaves();
    this.fileOfDoc = new int[leaves.size()][];
    Map<String, Integer> idOfPath = new HashMap<>();
    for (LeafReaderContext leaf : leaves) {
      LeafReader leafReader = leaf.reader();
      int[] files = new int[leafReader.maxDoc()];
      Arrays.fill(files, -1);
      SortedDocValues values = leafReader.getSortedDocValues(ChunkDocuments.PATH);
      if (values != null) {
        int[] idOfOrd = new int[values.getValueCount()];
        for (int ord = 0; ord < idOfOrd.length; ord++) {
          String path = values.lookupOrd(ord).utf8ToString();
          idOfOrd[ord] = idOfPath.computeIfAbsent(path, p -> idOfPath.size());
        }
        Bits live = leafReader.getLiveDocs();
        for (int doc = values.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = values.nextDoc()) {
          if (live == null || live.get(doc)) {
            files[doc] = idOfOrd[values.ordValue()];
          }
        }
      }
      fileOfDoc[leaf.ord] = files;
    }
    this.paths = new String[idOfPath.size()];
    idOfPath.forEach((path, id) -> paths[id] = path);
  }

  /** The reader's ids, built on first use; a reader without a cache key gets its own, uncached. */
  static FileOrdinals of(IndexReader reader) throws IOException {
    IndexReader.CacheHelper helper = reader.getReaderCacheHelper();
    if (helper == null) {
      return new FileOrdinals(reader);
    }
    try {
      return BY_READER.computeIfAbsent(helper.getKey(), key -> {
        try {
          FileOrdinals built = new FileOrdinals(reader);
          helper.addClosedListener(BY_READER::remove);
          return built;
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /** Whether ids are held for this reader key (closing the reader drops them). */
  static boolean holds(IndexReader.CacheKey key) {
    return BY_READER.containsKey(key);
  }

  int fileCount() {
    return paths.length;
  }

  /** Each document's file id in the leaf of this ord, -1 for none. */
  int[] fileOfDoc(int leafOrd) {
    return fileOfDoc[leafOrd];
  }

  String path(int file) {
    return paths[file];
  }

  /**
   * A field's lengths: {@code summed}, a file's is the sum of its chunks' norms; else the largest (the path,
   * identical in each chunk). Lucene stores a norm rounded (exact up to 40 words), as BM25 itself reads it.
   */
  Lengths lengths(String field, boolean summed) throws IOException {
    Lengths cached = lengthsByField.get(field);
    if (cached != null) {
      return cached;
    }
    long[] byFile = new long[paths.length];
    boolean[] held = new boolean[paths.length];
    int files = 0;
    long total = 0;
    for (LeafReaderContext leaf : reader.leaves()) {
      NumericDocValues norms = leaf.reader().getNormValues(field);
      if (norms == null) {
        continue;
      }
      int[] fileOf = fileOfDoc[leaf.ord];
      for (int doc = norms.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = norms.nextDoc()) {
        int file = fileOf[doc];
        // a norm of 0 is an empty field (ChunkDocuments.withEveryTextField), not a length
        if (file < 0 || norms.longValue() == 0) {
          continue;
        }
        long length = SmallFloat.byte4ToInt((byte) norms.longValue());
        if (!held[file]) {
          held[file] = true;
          files++;
        }
        long before = byFile[file];
        byFile[file] = summed ? before + length : Math.max(before, length);
        total += byFile[file] - before;
      }
    }
    Lengths lengths = new Lengths(byFile, files, files == 0 ? 1 : Math.max(1.0, (double) total / files));
    // two first calls may both build it; they build the same, and both return the one kept
    Lengths kept = lengthsByField.putIfAbsent(field, lengths);
    return kept != null ? kept : lengths;
  }
}
