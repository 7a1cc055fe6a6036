package dev.weft.index;

import dev.weft.context.IndexLocation;
import dev.weft.context.error.IndexDamagedException;
import dev.weft.context.error.StorageFailureException;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.IndexFormatTooOldException;

/**
 * What a failure to read the Lucene index means to an operator: a missing or corrupt file is damage (exit 4,
 * naming the file and the way out), anything else the system refused is a storage failure (exit 5). And the one
 * repair a writer needs before it can open: unreadable {@code segments_N} files moved aside.
 */
final class IndexDamage {
  static final String DAMAGED_DIR = "damaged";

  private IndexDamage() {}

  /** Whether the failure says a file of the index is missing or corrupt, rather than that the system refused. */
  static boolean isDamage(IOException e) {
    return !(e instanceof AccessDeniedException)
        && (e instanceof NoSuchFileException || e instanceof FileNotFoundException
            || e instanceof CorruptIndexException || e instanceof EOFException
            || e instanceof IndexFormatTooOldException || e instanceof IndexFormatTooNewException);
  }

  /** The failure as the exception a user sees: {@code what} failed, why, and {@code wayOut}. */
  static RuntimeException of(Path luceneDir, String what, IOException e, String wayOut) {
    if (isDamage(e)) {
      return new IndexDamagedException(fileOf(e, luceneDir), what + ": " + describe(e) + "; " + wayOut, e);
    }
    return new StorageFailureException(luceneDir, what + ": " + e + "; check the disk (free space, permissions) "
        + "and rerun", e);
  }

  /** The file a failure names: the missing one, else the Lucene directory. */
  static Path fileOf(IOException e, Path luceneDir) {
    NoSuchFileException missing = missing(e);
    return missing == null ? luceneDir : luceneDir.resolve(missing.getFile());
  }

  static String describe(IOException e) {
    NoSuchFileException missing = missing(e);
    if (missing != null) {
      return Path.of(missing.getFile()).getFileName() + " is missing";
    }
    String message = String.valueOf(e.getMessage());
    int newline = message.indexOf('\n');
    return (newline < 0 ? message : message.substring(0, newline));
  }

  /** Lucene wraps a missing file in "Problem reading index": the innermost missing file is the one to name. */
  private static NoSuchFileException missing(Throwable e) {
    NoSuchFileException found = null;
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof NoSuchFileException missing && missing.getFile() != null) {
        found = missing;
      }
    }
    return found;
  }

  /**
   * Moves the {@code segments_N} files of {@code listing} that cannot be read to {@code INDEX/damaged/}; the caller
   * holds the write lock (and listed them under it: only what is damaged now, with no writer committing). Lucene's
   * writer reads every commit when it opens and would refuse the whole index for one damaged file. Returns one line
   * per file moved, for the run to report.
   */
  static List<String> moveAsideUnreadableCommits(IndexCommits.Listing listing, IndexLocation index) throws IOException {
    List<String> moved = new ArrayList<>();
    for (IndexCommits.Damaged damaged : listing.damaged()) {
      Path source = index.resolve(CorpusIndex.LUCENE).resolve(damaged.segmentsFileName());
      Path target = freeName(index.resolve(DAMAGED_DIR), damaged.segmentsFileName());
      Files.createDirectories(target.getParent());
      Files.move(source, target, StandardCopyOption.ATOMIC_MOVE);
      moved.add("moved the unreadable commit " + source + " (" + describe(damaged.failure()) + ") to " + target);
    }
    return moved;
  }

  private static Path freeName(Path dir, String name) {
    Path target = dir.resolve(name);
    for (int k = 1; Files.exists(target); k++) {
      target = dir.resolve(name + "." + k);
    }
    return target;
  }
}
