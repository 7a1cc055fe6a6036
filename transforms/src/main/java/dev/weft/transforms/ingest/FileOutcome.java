package dev.weft.transforms.ingest;

import dev.weft.context.Chunk;
import dev.weft.context.DeadLetter;
import dev.weft.context.FileState;
import java.io.Serializable;
import java.util.List;

/** What processing one source item gave: its chunks and state, or a dead letter. */
public sealed interface FileOutcome extends Serializable {
  String path();

  record Chunked(FileState state, List<Chunk> chunks) implements FileOutcome {
    public Chunked {
      chunks = List.copyOf(chunks);
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
