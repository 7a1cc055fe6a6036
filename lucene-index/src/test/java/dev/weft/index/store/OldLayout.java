package dev.weft.index.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;

/**
 * Turns a store into the layout the version before the commit-point journal wrote: every commit point a real
 * {@code segments_N} file with the record's bytes, and no journal. Byte for byte what that version left, since the
 * journal holds Lucene's commit-point bytes unchanged.
 */
final class OldLayout {
  private OldLayout() {}

  static void convert(Path dir) throws IOException {
    try (Directory journal = CommitPointJournalDirectory.open(dir)) {
      for (String name : journal.listAll()) {
        if (!name.startsWith("segments_") || Files.exists(dir.resolve(name))) {
          continue;
        }
        try (IndexInput in = journal.openInput(name, IOContext.READONCE)) {
          byte[] bytes = new byte[(int) in.length()];
          in.readBytes(bytes, 0, bytes.length);
          Files.write(dir.resolve(name), bytes);
        }
      }
    }
    Files.delete(dir.resolve(CommitPointJournalDirectory.FILE));
  }
}
