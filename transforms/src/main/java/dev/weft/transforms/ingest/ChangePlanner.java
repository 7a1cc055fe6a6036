package dev.weft.transforms.ingest;

import dev.weft.context.ContentHash;
import dev.weft.context.FileState;
import dev.weft.context.SkipReason;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Decides what an incremental pass does. A file whose (mtime, size) match the index is skipped without being
 * read; when they differ the content hash decides, so a touch that changed nothing rewrites only the file's
 * state. A chunker stamp that differs from the current one re-chunks the file; {@code force} re-chunks
 * everything in scope. Files in scope that the index holds but the listing lacks are removed. A file refused as
 * unreadable is re-chunked once it can be read, whatever its stat says.
 */
public final class ChangePlanner {
  /** Prefix of the content hash recorded for a refused file, so an unchanged refused file is not re-read. */
  public static final String REFUSED_HASH_PREFIX = "refused:";
  /**
   * The one refusal a file can leave without its (mtime, size) changing: {@code chmod} changes neither. Such a
   * file is retried as soon as the OS says it can be read, so a no-op pass stays a no-op while it cannot.
   */
  static final String REFUSED_UNREADABLE = REFUSED_HASH_PREFIX + SkipReason.UNREADABLE.counter();

  private final String chunkerStamp;
  private final Predicate<Path> readable;

  public ChangePlanner(String chunkerStamp) {
    this(chunkerStamp, Files::isReadable);
  }

  /** @param readable whether a file can be read now ({@code access(R_OK)}); tests stand in for the OS */
  ChangePlanner(String chunkerStamp, Predicate<Path> readable) {
    this.chunkerStamp = chunkerStamp;
    this.readable = readable;
  }

  /**
   * Plans {@code listed} (each path once, as {@link CorpusLister} lists them) against the {@code indexed} states.
   */
  public ChangeSet plan(Path root, List<ListedFile> listed, Map<String, FileState> indexed, PathScope scope,
      boolean force) {
    List<String> added = new ArrayList<>();
    List<String> updated = new ArrayList<>();
    List<FileState> touched = new ArrayList<>();
    int unchanged = 0;
    int found = 0;
    boolean increasing = true;
    String last = null;
    for (ListedFile file : listed) {
      String path = file.path();
      if (!scope.contains(path)) {
        continue;
      }
      increasing &= last == null || last.compareTo(path) < 0;
      last = path;
      FileState previous = indexed.get(path);
      if (previous == null) {
        added.add(path);
        continue;
      }
      found++;
      if (force || !chunkerStamp.equals(previous.chunkerStamp())) {
        updated.add(path);
      } else if (previous.mtimeMillis() == file.mtimeMillis() && previous.size() == file.size()
          && !(REFUSED_UNREADABLE.equals(previous.contentHash()) && readable.test(root.resolve(path)))) {
        unchanged++;
      } else if (sameContent(root, file, previous)) {
        touched.add(previous.withStat(file.mtimeMillis(), file.size()));
        unchanged++;
      } else {
        updated.add(path);
      }
    }
    // a full pass that found every indexed path among distinct listed ones removes nothing: the usual no-op pass
    // is spared a set of the listed paths (a path listed twice could hide a removal, hence the order check)
    boolean nothingRemoved = scope.isFull() && increasing && found == indexed.size();
    List<String> removed = nothingRemoved ? List.of() : removed(listed, indexed, scope);
    return new ChangeSet(added, updated, touched, removed, unchanged);
  }

  /** Paths in scope that the index holds and the listing lacks, sorted. */
  private static List<String> removed(List<ListedFile> listed, Map<String, FileState> indexed, PathScope scope) {
    Set<String> seen = new HashSet<>(listed.size() * 2);
    for (ListedFile file : listed) {
      seen.add(file.path());
    }
    List<String> removed = new ArrayList<>();
    for (String path : indexed.keySet()) {
      if (scope.contains(path) && !seen.contains(path)) {
        removed.add(path);
      }
    }
    removed.sort(null);
    return removed;
  }

  private static boolean sameContent(Path root, ListedFile file, FileState previous) {
    if (file.size() != previous.size()) {
      return false;
    }
    Path path = root.resolve(file.path());
    if (!Files.isRegularFile(path)) {
      return false; // never open a FIFO that replaced the file since it was listed: the reader refuses it by name
    }
    try {
      return ContentHash.of(Files.readAllBytes(path)).equals(previous.contentHash());
    } catch (IOException e) {
      return false; // re-chunk it: the reader then dead-letters the file with the real cause
    }
  }
}
