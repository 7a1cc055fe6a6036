package dev.weft.bench.ledger;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * The ceiling of "one {@code IndexWriter.commit()} per step": a bare Lucene writer on a plain {@link FSDirectory}
 * whose every step changes only its commit user data and commits ({@code pending_segments_N} written and fsynced,
 * renamed to {@code segments_N}, the directory fsynced) — the cheapest durable Lucene commit there is, with nothing
 * read, staged or folded. Printed beside the store so a run shows how much of a step is the commit protocol
 * itself. Steps of concurrent threads commit one after another (a writer commits one at a time).
 */
final class CommitPointCeiling implements MutateLoad.Target {
  private final Directory directory;
  private final IndexWriter writer;
  private long commits;

  CommitPointCeiling(Path dir) throws IOException {
    this.directory = FSDirectory.open(dir);
    this.writer = new IndexWriter(directory, new IndexWriterConfig(new StandardAnalyzer()));
    writer.commit();
  }

  @Override
  public synchronized void step(int thread, long n) throws IOException {
    // about the size of the store's commit point with a few logged records
    writer.setLiveCommitData(Map.of("step", thread + "/" + n + ":" + MutateLoad.record(thread, n)).entrySet());
    writer.commit();
    commits++;
  }

  @Override
  public synchronized long commits() {
    return commits;
  }

  @Override
  public void close() throws IOException {
    try {
      writer.close();
    } finally {
      directory.close();
    }
  }
}
