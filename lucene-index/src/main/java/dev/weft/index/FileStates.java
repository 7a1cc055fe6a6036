package dev.weft.index;

import dev.weft.context.FileState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.store.ByteArrayDataInput;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;

/** Reads file states column-wise from doc values: no stored document is loaded. */
final class FileStates {
  private FileStates() {}

  /**
   * Every file state of a reader, iterated in path order and found fastest in that order ({@link SortedFileStates}):
   * each segment's states are collected by path ordinal, so they come out sorted and no path is hashed.
   */
  static Map<String, FileState> all(IndexReader reader) {
    FileState[] states = new FileState[16];
    int count = 0;
    FileStateCodec.Decoder decoder = new FileStateCodec.Decoder(new ByteArrayDataInput());
    try {
      for (LeafReaderContext leaf : reader.leaves()) {
        LeafReader leafReader = leaf.reader();
        // only file documents carry the state doc value, so its iterator visits exactly them
        BinaryDocValues values = leafReader.getBinaryDocValues(ChunkDocuments.FILE_STATE);
        if (values == null) {
          continue;
        }
        SortedDocValues paths = DocValues.getSorted(leafReader, ChunkDocuments.PATH);
        String[] pathsByOrd = pathsByOrd(paths);
        FileState[] byOrd = new FileState[pathsByOrd.length];
        Bits live = leafReader.getLiveDocs();
        for (int doc = values.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = values.nextDoc()) {
          if (live != null && !live.get(doc)) {
            continue;
          }
          if (!paths.advanceExact(doc)) {
            throw new IllegalStateException("file document " + doc + " has no path doc value");
          }
          int ord = paths.ordValue();
          byOrd[ord] = decoder.decode(pathsByOrd[ord], values.binaryValue());
        }
        for (FileState state : byOrd) {
          if (state != null) {
            if (count == states.length) {
              states = Arrays.copyOf(states, count * 2);
            }
            states[count++] = state;
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read file states", e);
    }
    return SortedFileStates.of(states, count);
  }

  /**
   * Every path of a leaf's column, by ordinal: read in order, each compressed block of the terms dictionary is
   * decoded once, where a {@code lookupOrd} per file seeks and decodes a block each time (a third of reading the
   * states). Every path has a file document, so none is decoded for nothing.
   */
  private static String[] pathsByOrd(SortedDocValues paths) throws IOException {
    String[] byOrd = new String[paths.getValueCount()];
    TermsEnum terms = paths.termsEnum();
    for (int ord = 0; ord < byOrd.length; ord++) {
      BytesRef path = terms.next();
      if (path == null) {
        break;
      }
      // straight from UTF-8: utf8ToString() fills a char[] first and the String compacts it again, a second and
      // third copy of every path (a fifth of what a no-op pass allocates)
      byOrd[ord] = new String(path.bytes, path.offset, path.length, StandardCharsets.UTF_8);
    }
    return byOrd;
  }

  /** The state of one file, found through its {@code file_path} term. */
  static Optional<FileState> of(IndexReader reader, String path) {
    try {
      return TermLookup.first(reader, new Term(ChunkDocuments.FILE_PATH, path), leaf -> {
        BinaryDocValues values = DocValues.getBinary(leaf.reader(), ChunkDocuments.FILE_STATE);
        return doc -> values.advanceExact(doc)
            ? FileStateCodec.decode(path, values.binaryValue(), new ByteArrayDataInput()) : null;
      });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the file state of " + path, e);
    }
  }
}
