package dev.weft.api;

import dev.weft.context.IndexLocation;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.index.CorpusIndex;
import java.util.Optional;

/**
 * What reading one index keeps open: its {@link CorpusIndex} (opened on the first read, so that an index its first
 * run creates can be named before it exists) and the in-process models that embed its queries. A {@link Weft} owns
 * one; a {@link WeftCache} lends one to Weft after Weft, so that a long-lived process opens an index once.
 */
final class OpenIndex implements AutoCloseable {
  private final IndexLocation location;
  private final Embedders models = new Embedders();
  private CorpusIndex index;
  private boolean closed;

  OpenIndex(IndexLocation location) {
    this.location = location;
  }

  IndexLocation location() {
    return location;
  }

  synchronized CorpusIndex index() {
    if (closed) {
      throw new IllegalStateException("the opened index " + location + " is closed; open another Weft");
    }
    if (index == null) {
      index = CorpusIndex.openExisting(location);
    }
    return index;
  }

  Embedders models() {
    return models;
  }

  /**
   * Whether what this holds is still the directory's: the generation its readers hold is kept there with the very
   * manifest it had. A directory deleted and made again may reuse generation numbers and Lucene segment names, which
   * the reader's refresh (it compares numbers) cannot tell apart; a new manifest can (its publication instant, its
   * commit). False too when the held generation was pruned meanwhile or its manifest cannot be read: a fresh open
   * then says what a cold one would.
   */
  boolean stillTheDirectorys() {
    CorpusIndex opened;
    synchronized (this) {
      opened = index;
    }
    if (opened == null) {
      return true;
    }
    try {
      Optional<GenerationManifest> held = opened.heldGeneration();
      return held.isEmpty() || opened.generation(held.get().generation()).equals(held);
    } catch (RuntimeException e) {
      return false; // damage or a vanished directory: reported by the fresh open, by name, as a cold call would
    }
  }

  @Override
  public void close() {
    CorpusIndex toClose;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      toClose = index;
      index = null;
    }
    try {
      models.close();
    } finally {
      if (toClose != null) {
        toClose.close();
      }
    }
  }
}
