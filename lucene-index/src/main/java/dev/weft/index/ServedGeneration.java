package dev.weft.index;

import dev.weft.context.generation.GenerationManifest;
import org.apache.lucene.index.DirectoryReader;

/**
 * A published generation opened for reading: the reader of exactly the commit its manifest names. Reference-counted
 * by {@link ServedGenerations} (the reader's own count), so a searcher keeps its generation across a swap.
 */
record ServedGeneration(GenerationManifest manifest, DirectoryReader reader) {
  long number() {
    return manifest.generation();
  }
}
