package dev.weft.transforms.ingest;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkVectors;
import dev.weft.context.DeadLetter;
import dev.weft.context.FileState;
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
   */
  record Chunked(FileState state, List<Chunk> chunks, ChunkVectors vectors, FileImports imports)
      implements FileOutcome {
    public Chunked {
      chunks = List.copyOf(chunks);
      vectors = vectors == null ? ChunkVectors.none() : vectors;
    }

    public Chunked(FileState state, List<Chunk> chunks, ChunkVectors vectors) {
      this(state, chunks, vectors, null);
    }

    public Chunked(FileState state, List<Chunk> chunks) {
      this(state, chunks, ChunkVectors.none(), null);
    }

    public Chunked withVectors(ChunkVectors newVectors) {
      return new Chunked(state, chunks, newVectors, imports);
    }

    public Chunked withImports(FileImports newImports) {
      return new Chunked(state, chunks, vectors, newImports);
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
