package dev.weft.index;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkIds;
import dev.weft.context.ChunkVectors;
import dev.weft.context.ContentHash;
import dev.weft.context.FileState;
import dev.weft.context.ItemSource;
import dev.weft.context.Kind;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.generation.GenerationManifest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A corpus on disk under a temp root, with hand-made chunks cut from the files' lines. */
final class TestCorpus {
  static final String STAMP = "test-chunker-1";

  record Span(String symbol, String nodeType, int startLine, int endLine) {}

  record Indexed(FileState state, List<Chunk> chunks) {
    Chunk chunk(int ordinal) {
      return chunks.get(ordinal);
    }
  }

  private final Path root;

  TestCorpus(Path root) {
    this.root = root;
  }

  Path root() {
    return root;
  }

  /** The files under the root, as the tree item source in {@code transforms} reads them (without its refusals). */
  ItemSource items() {
    return path -> Files.readAllBytes(root.resolve(path));
  }

  /** A searcher over the served generation whose {@code get} reads this corpus's files. */
  CorpusSearcher searcher(CorpusIndex index) {
    return index.searcher(manifest -> items());
  }

  UpdateOptions options() {
    return UpdateOptions.of(root.toString(), STAMP);
  }

  static Span span(String symbol, String nodeType, int startLine, int endLine) {
    return new Span(symbol, nodeType, startLine, endLine);
  }

  /** Writes the file and cuts one chunk per span (lines 0-based inclusive); no span: one whole-file chunk. */
  Indexed file(String path, Kind kind, String format, String content, Span... spans) {
    byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
    Path file = root.resolve(path);
    try {
      Files.createDirectories(file.getParent());
      Files.write(file, bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String hash = ContentHash.of(bytes);
    String[] lines = content.split("\n", -1);
    List<Span> cuts = spans.length == 0 ? List.of(span(null, "file", 0, lines.length - 1)) : Arrays.asList(spans);
    List<Chunk> chunks = new ArrayList<>();
    for (Span cut : cuts) {
      String text = String.join("\n", Arrays.asList(lines).subList(cut.startLine(), cut.endLine() + 1));
      chunks.add(new Chunk(ChunkIds.of(path, chunks.size()), path, kind, format, cut.symbol(), cut.nodeType(),
          cut.startLine(), cut.endLine(), text, hash));
    }
    FileState state = new FileState(path, kind, format, 1_700_000_000_000L, bytes.length, hash, STAMP, chunks.size());
    return new Indexed(state, chunks);
  }

  /** A file with the vectors of its chunks. */
  record Embedded(Indexed file, ChunkVectors vectors) {}

  static Embedded embedded(Indexed file, EmbedderIdentity identity, float[]... vectors) {
    return new Embedded(file, ChunkVectors.of(identity, Arrays.asList(vectors)));
  }

  static float[] vector(float... values) {
    return values;
  }

  /** Indexes files with their vectors in one update and publishes them as a generation. */
  static GenerationManifest publish(CorpusIndex index, UpdateOptions options, Embedded... files) {
    try (IndexUpdate update = index.beginUpdate(options)) {
      for (Embedded file : files) {
        update.replace(file.file().state(), file.file().chunks(), file.vectors());
      }
      update.commit();
      return update.publish(java.util.Map.of("indexed", (long) files.length));
    }
  }

  /** Indexes files in one update and publishes them as a generation. */
  static GenerationManifest publish(CorpusIndex index, UpdateOptions options, Indexed... files) {
    try (IndexUpdate update = index.beginUpdate(options)) {
      for (Indexed file : files) {
        update.replace(file.state(), file.chunks());
      }
      update.commit();
      return update.publish(java.util.Map.of("indexed", (long) files.length));
    }
  }
}
