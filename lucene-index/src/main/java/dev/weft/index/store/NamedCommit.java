package dev.weft.index.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.Map;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;

/**
 * A commit of a directory named by its generation, for {@code DirectoryReader.openIfChanged(reader, commit)}: the
 * only public way to reopen a writer's reader at a directory commit while reusing its open segments. Lucene's
 * {@code DirectoryReader.listCommits} would hand one out too, but it reads every kept commit point (one per write
 * since the last fold); this reads nothing until a caller asks for more than the name, and then only its own
 * {@code segments_N}.
 */
final class NamedCommit extends IndexCommit {
  private final Directory directory;
  private final long generation;
  private SegmentInfos infos;

  NamedCommit(Directory directory, long generation) {
    this.directory = directory;
    this.generation = generation;
  }

  @Override
  public String getSegmentsFileName() {
    return IndexFileNames.fileNameFromGeneration(IndexFileNames.SEGMENTS, "", generation);
  }

  @Override
  public Collection<String> getFileNames() throws IOException {
    return infos().files(true);
  }

  @Override
  public Directory getDirectory() {
    return directory;
  }

  /** As Lucene's own reader commits: only an IndexWriter's deletion policy deletes commits. */
  @Override
  public void delete() {
    throw new UnsupportedOperationException("a reader's commit cannot be deleted; an IndexDeletionPolicy deletes "
        + "commits");
  }

  @Override
  public boolean isDeleted() {
    return false;
  }

  @Override
  public int getSegmentCount() {
    try {
      return infos().size();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + getSegmentsFileName() + " in " + directory + ": " + e, e);
    }
  }

  @Override
  public long getGeneration() {
    return generation;
  }

  @Override
  public Map<String, String> getUserData() throws IOException {
    return infos().getUserData();
  }

  private synchronized SegmentInfos infos() throws IOException {
    if (infos == null) {
      infos = SegmentInfos.readCommit(directory, getSegmentsFileName());
    }
    return infos;
  }
}
