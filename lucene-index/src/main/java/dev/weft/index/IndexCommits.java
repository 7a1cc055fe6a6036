package dev.weft.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.IOContext;

/**
 * Reading Lucene commits one {@code segments_N} file at a time. Lucene's own listing reads every commit and
 * fails whole on one damaged file; here a damaged file spoils only its own commit, so a rollback to an intact
 * generation still works and {@code weft check} can name the damaged one.
 */
final class IndexCommits {
  private IndexCommits() {}

  /** A {@code segments_N} file that cannot be read, and why. */
  record Damaged(String segmentsFileName, IOException failure) {}

  /** Every commit of a directory, oldest first, and the segments files that cannot be read. */
  record Listing(List<IndexCommit> commits, List<Damaged> damaged) {}

  static Listing read(Directory directory) {
    List<IndexCommit> commits = new ArrayList<>();
    List<Damaged> damaged = new ArrayList<>();
    for (String name : segmentsFiles(directory)) {
      try {
        commits.add(of(directory, name));
      } catch (IOException e) {
        damaged.add(new Damaged(name, e));
      }
    }
    commits.sort(Comparator.comparingLong(IndexCommit::getGeneration));
    return new Listing(commits, damaged);
  }

  /** Readable commits, oldest first. */
  static List<IndexCommit> list(Directory directory) {
    return read(directory).commits();
  }

  /**
   * The commit one segments file describes, read alone.
   *
   * @throws IOException when the file is missing ({@link java.nio.file.NoSuchFileException}) or damaged
   */
  static IndexCommit of(Directory directory, String segmentsFileName) throws IOException {
    return new ReadCommit(directory, SegmentInfos.readCommit(directory, segmentsFileName));
  }

  /** The newest commit, right after a writer committed it. */
  static IndexCommit newest(Directory directory) throws IOException {
    String newest = SegmentInfos.getLastCommitSegmentsFileName(directory.listAll());
    if (newest == null) {
      throw new IllegalStateException("no commit in " + directory + " after committing");
    }
    return of(directory, newest);
  }

  /**
   * Lucene names a writer's next commit one past the newest {@code segments_N} (or {@code pending_segments_N}) it
   * finds. With the newest commit lost (deleted, or moved aside as unreadable) that is a name a kept manifest may
   * still name, and a rollback to that generation would serve the new commit's documents under the old manifest. An
   * empty {@code pending_segments_N} at the highest kept commit's number raises the writer's numbering past it; the
   * writer deletes it on opening, as it deletes any file no commit holds. The caller holds the write lock and opens
   * the writer on {@code directory} next.
   */
  static void numberNextPast(Directory directory, Collection<Long> keptLuceneGenerations) throws IOException {
    long highestKept = keptLuceneGenerations.stream().mapToLong(Long::longValue).max().orElse(-1);
    String[] files = directory.listAll();
    if (highestKept <= SegmentInfos.getLastCommitGeneration(files)) {
      return;
    }
    String marker = IndexFileNames.fileNameFromGeneration(IndexFileNames.PENDING_SEGMENTS, "", highestKept);
    if (!List.of(files).contains(marker)) {
      directory.createOutput(marker, IOContext.DEFAULT).close();
    }
  }

  /**
   * The Weft generation a commit was made for (its {@code weft.generation} label, {@link IndexUpdate#commit}); -1
   * when it has none (a commit written before labels, or not by Weft).
   */
  static long weftGeneration(IndexCommit commit) {
    try {
      String label = commit.getUserData().get(IndexUpdate.USER_DATA_GENERATION);
      return label == null ? -1 : Long.parseLong(label);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the user data of " + commit.getSegmentsFileName(), e);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static List<String> segmentsFiles(Directory directory) {
    try {
      List<String> names = new ArrayList<>();
      for (String name : directory.listAll()) {
        if (name.startsWith(IndexFileNames.SEGMENTS + "_")) {
          names.add(name);
        }
      }
      return names;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the commits of " + directory, e);
    }
  }

  /** A commit read from its segments file; readers and writers open it like one Lucene listed. */
  private static final class ReadCommit extends IndexCommit {
    private final Directory directory;
    private final SegmentInfos infos;
    private final Collection<String> files;

    ReadCommit(Directory directory, SegmentInfos infos) throws IOException {
      this.directory = directory;
      this.infos = infos;
      this.files = List.copyOf(infos.files(true));
    }

    @Override
    public String getSegmentsFileName() {
      return infos.getSegmentsFileName();
    }

    @Override
    public Collection<String> getFileNames() {
      return files;
    }

    @Override
    public Directory getDirectory() {
      return directory;
    }

    @Override
    public void delete() {
      // only the deletion policy deletes commits, and it is handed Lucene's own
      throw new UnsupportedOperationException("a commit read by Weft is never deleted through it");
    }

    @Override
    public boolean isDeleted() {
      return false;
    }

    @Override
    public int getSegmentCount() {
      return infos.size();
    }

    @Override
    public long getGeneration() {
      return infos.getGeneration();
    }

    @Override
    public Map<String, String> getUserData() {
      return infos.getUserData();
    }
  }
}
