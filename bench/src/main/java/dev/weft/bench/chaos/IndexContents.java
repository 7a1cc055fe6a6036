package dev.weft.bench.chaos;

import dev.weft.context.Chunk;
import dev.weft.context.ContentHash;
import dev.weft.context.FileState;
import dev.weft.context.IndexLocation;
import dev.weft.context.error.StorageFailureException;
import dev.weft.index.ChunkScan;
import dev.weft.index.CorpusIndex;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a served generation holds, reduced to comparable text: every file state and every chunk (fields, a hash of
 * the text, the vector's identity and values). Used to hold the suite's final index to a fresh build of the same
 * corpus, and a freshly published generation to the corpus it was built from.
 *
 * @param files path to the file's state (kind, format, content hash, chunker stamp, chunk count)
 * @param chunks chunk id to the chunk's fields and vector
 */
record IndexContents(SortedMap<String, String> files, SortedMap<String, String> chunks) {
  /** Reads the served generation of {@code indexDir}. */
  static IndexContents of(Path indexDir) {
    SortedMap<String, String> files = new TreeMap<>();
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      // mtimes are left out: a fresh build of the same files records the same ones, but a touched file does not
      index.fileStates().forEach((path, s) -> files.put(path, s.kind() + " " + s.format() + " " + s.contentHash()
          + " " + s.chunkerStamp() + " chunks=" + s.chunkCount()));
    }
    SortedMap<String, String> chunks = new TreeMap<>();
    try (ChunkScan scan = ChunkScan.open(IndexLocation.of(indexDir))) {
      scan.forEach(entry -> {
        Chunk c = entry.chunk();
        String vector = entry.vector() == null ? "no-vector"
            : entry.identity() + ":" + Integer.toHexString(Arrays.hashCode(entry.vector()));
        chunks.put(c.id(), c.path() + " " + c.kind() + " " + c.format() + " " + c.symbol() + " " + c.nodeType()
            + " " + c.startLine() + "-" + c.endLine() + " text=" + ContentHash.of(c.text().getBytes(
                StandardCharsets.UTF_8)).substring(0, 16) + " " + vector);
      });
    }
    return new IndexContents(files, chunks);
  }

  /** Up to {@code max} differences from {@code expected}, one line each; empty when the two are equal. */
  List<String> differencesFrom(IndexContents expected, int max) {
    List<String> out = new ArrayList<>();
    diff("file", expected.files, files, out, max);
    diff("chunk", expected.chunks, chunks, out, max);
    return out;
  }

  private static void diff(String what, Map<String, String> expected, Map<String, String> actual, List<String> out,
      int max) {
    TreeSet<String> keys = new TreeSet<>(expected.keySet());
    keys.addAll(actual.keySet());
    for (String key : keys) {
      if (out.size() >= max) {
        return;
      }
      String e = expected.get(key);
      String a = actual.get(key);
      if (e == null) {
        out.add(what + " " + key + " should not be there: " + a);
      } else if (a == null) {
        out.add(what + " " + key + " is missing: " + e);
      } else if (!e.equals(a)) {
        out.add(what + " " + key + " is " + a + ", a fresh build has " + e);
      }
    }
  }

  /**
   * Up to {@code max} ways the file states differ from the corpus on disk: a file not indexed, a deleted file
   * still indexed, or indexed content that is not the file's (refused files are recorded by stat only).
   */
  static List<String> outOfSync(Map<String, FileState> states, Path root, Collection<String> corpusFiles, int max) {
    List<String> out = new ArrayList<>();
    for (String path : new TreeSet<>(corpusFiles)) {
      FileState state = states.get(path);
      if (out.size() >= max) {
        return out;
      }
      if (state == null) {
        out.add(path + " is in the corpus but not indexed");
      } else if (!state.contentHash().startsWith("refused:") && !state.contentHash().equals(hash(root, path))) {
        out.add(path + " is indexed with content it no longer has");
      }
    }
    for (String path : new TreeSet<>(states.keySet())) {
      if (out.size() < max && !corpusFiles.contains(path)) {
        out.add(path + " is indexed but was deleted");
      }
    }
    return out;
  }

  private static String hash(Path root, String path) {
    Path file = root.resolve(path);
    try {
      return ContentHash.of(Files.readAllBytes(file));
    } catch (IOException e) {
      throw new StorageFailureException(file, "cannot read corpus file " + file + " to compare it with the index", e);
    }
  }
}
