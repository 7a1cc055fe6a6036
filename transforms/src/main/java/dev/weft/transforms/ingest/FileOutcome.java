package dev.weft.transforms.ingest;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkVectors;
import dev.weft.context.DeadLetter;
import dev.weft.context.FileState;
import dev.weft.context.ItemMetadata;
import dev.weft.context.graph.FileImports;
import java.io.Serializable;
import java.util.List;

/** What processing one source item gave: its chunks and state, or a dead letter. */
public sealed interface FileOutcome extends Serializable {
  String path();

  /**
   * A file's chunks and state, and their vectors once {@code EmbedChunks} ran ({@link ChunkVectors#none()}
   * before that, or without embeddings).
   *
   * @param imports the file's imports for the code graph, written with its chunks; null for a format without an
   *     import extractor (then the file has no edge document)
   * @param meta the item's metadata, which every chunk of it carries (a dataset record's {@code --meta-fields});
   *     none for a file of a tree
   */
  record Chunked(FileState state, List<Chunk> chunks, ChunkVectors vectors, FileImports imports, ItemMetadata meta)
      implements FileOutcome {
    public Chunked {
      chunks = List.copyOf(chunks);
      vectors = vectors == null ? ChunkVectors.none() : vectors;
      meta = meta == null ? ItemMetadata.none() : meta;
    }

    public Chunked(FileState state, List<Chunk> chunks, ChunkVectors vectors, FileImports imports) {
      this(state, chunks, vectors, imports, ItemMetadata.none());
    }

    public Chunked(FileState state, List<Chunk> chunks, ChunkVectors vectors) {
      this(state, chunks, vectors, null);
    }

    public Chunked(FileState state, List<Chunk> chunks) {
      this(state, chunks, ChunkVectors.none(), null);
    }

    public Chunked withVectors(ChunkVectors newVectors) {
      return new Chunked(state, chunks, newVectors, imports, meta);
    }

    public Chunked withImports(FileImports newImports) {
      return new Chunked(state, chunks, vectors, newImports, meta);
    }

    public Chunked withMeta(ItemMetadata newMeta) {
      return new Chunked(state, chunks, vectors, imports, newMeta);
    }

    @Override
    public String path() {
      return state.path();
    }
  }

  record Refused(DeadLetter deadLetter) implements FileOutcome {
    @Override
    public String path() {
      return deadLetter.path();
    }
  }
}
