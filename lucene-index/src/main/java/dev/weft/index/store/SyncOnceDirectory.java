package dev.weft.index.store;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;

/**
 * Fsyncs each file once. Lucene 9's {@code IndexWriter.commit()} asks to sync every file of every segment of
 * the commit, and {@code FSDirectory} fsyncs them all, so a store committing after each small write paid one
 * fsync per file of every segment, again and again (three per segment, 5 to 10 segments: 40–80 ms a commit on
 * the shared VM, against 2–3 ms for one fsync). Lucene's files are written once and never changed, so a file
 * synced once stays durable: this syncs only names not synced since they were last created here. A name created
 * or deleted through this directory is forgotten, so a reused name is synced again; files another process
 * created were synced by that process before its commit named them.
 */
final class SyncOnceDirectory extends FilterDirectory {
  private final Set<String> synced = ConcurrentHashMap.newKeySet();

  SyncOnceDirectory(Directory in) {
    super(in);
  }

  @Override
  public IndexOutput createOutput(String name, IOContext context) throws IOException {
    synced.remove(name);
    return super.createOutput(name, context);
  }

  @Override
  public void deleteFile(String name) throws IOException {
    synced.remove(name);
    super.deleteFile(name);
  }

  @Override
  public void rename(String source, String dest) throws IOException {
    synced.remove(dest);
    boolean wasSynced = synced.remove(source);
    super.rename(source, dest);
    // a rename moves the synced bytes; the directory entry itself is made durable by syncMetaData
    if (wasSynced) {
      synced.add(dest);
    }
  }

  @Override
  public void sync(Collection<String> names) throws IOException {
    List<String> pending = new ArrayList<>();
    for (String name : names) {
      if (!synced.contains(name)) {
        pending.add(name);
      }
    }
    super.sync(pending);
    synced.addAll(pending);
  }
}
