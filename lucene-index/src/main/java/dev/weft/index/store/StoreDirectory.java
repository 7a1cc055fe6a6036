package dev.weft.index.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * The directory stack of a {@link LuceneStore}, top to bottom: new files in memory until synced ({@link
 * WriteCacheDirectory}), deletes in the background while a writer is kept ({@link BackgroundDeleteDirectory}),
 * each file fsynced once and a commit's fsyncs together before its commit point ({@link SyncOnceDirectory}),
 * commit points as records in one journal file ({@link CommitPointJournalDirectory}), the file system.
 *
 * @param top what Lucene reads and writes through
 * @param deletes the layer the writer switches to background deletes and back
 * @param syncs the layer the writer waits on before acknowledging a commit
 */
record StoreDirectory(Directory top, BackgroundDeleteDirectory deletes, SyncOnceDirectory syncs) {
  /** Over the file system directory {@code dir}, seen through {@code around} (a test's counting, else identity). */
  static StoreDirectory open(Path dir, UnaryOperator<Directory> around) throws IOException {
    SyncOnceDirectory syncs = new SyncOnceDirectory(around.apply(
        new CommitPointJournalDirectory(FSDirectory.open(dir), dir)));
    BackgroundDeleteDirectory deletes = new BackgroundDeleteDirectory(syncs);
    return new StoreDirectory(new WriteCacheDirectory(deletes), deletes, syncs);
  }
}
