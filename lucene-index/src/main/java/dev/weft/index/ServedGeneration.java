package dev.weft.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.lucene.index.DirectoryReader;

/** A published generation opened for reading; reference-counted so searchers can outlive a swap. */
final class ServedGeneration {
  private final GenerationManifest manifest;
  private final DirectoryReader reader;

  ServedGeneration(GenerationManifest manifest, DirectoryReader reader) {
    this.manifest = manifest;
    this.reader = reader;
  }

  GenerationManifest manifest() {
    return manifest;
  }

  DirectoryReader reader() {
    return reader;
  }

  void acquire() {
    reader.incRef();
  }

  void release() {
    try {
      reader.decRef();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close the reader of generation " + manifest.generation(), e);
    }
  }
}
