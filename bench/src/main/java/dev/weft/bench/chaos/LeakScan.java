package dev.weft.bench.chaos;

import dev.weft.context.error.StorageFailureException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Invariant (d): bytes left behind that nothing references, once every child has exited and a clean run has
 * published. Each leak is named with its size and why nothing references it.
 */
final class LeakScan {
  private static final Pattern DEAD_LETTERS = Pattern.compile("gen-(\\d+)\\.jsonl");

  private LeakScan() {}

  /**
   * One file or directory nothing references.
   *
   * @param path where it is
   * @param bytes its size (a directory: everything under it)
   * @param why what it is and why it counts as leaked
   */
  record Leak(Path path, long bytes, String why) {}

  /**
   * @param indexDir the index directory
   * @param kept the kept generation numbers
   * @param referencedLuceneFiles the lucene/ files a kept generation's commit references
   * @param childTmp the java.io.tmpdir every child ran with (empty before the first child)
   * @param childCache the WEFT_CACHE_DIR every child ran with: what it publishes there is meant to stay, but a
   *     hidden entry ({@code .name}) is one a child was still writing when it died
   */
  static List<Leak> scan(Path indexDir, Collection<Long> kept, Set<String> referencedLuceneFiles, Path childTmp,
      Path childCache) {
    List<Leak> leaks = new ArrayList<>();
    for (Path entry : list(indexDir.resolve("staging"))) {
      leaks.add(leak(entry, "staging output of a run that is no longer running"));
    }
    for (Path file : walk(indexDir)) {
      if (file.getFileName().toString().endsWith(".tmp") && Files.isRegularFile(file)) {
        leaks.add(leak(file, "temp file of a write that never completed"));
      }
    }
    for (Path file : list(indexDir.resolve("deadletters"))) {
      Matcher m = DEAD_LETTERS.matcher(file.getFileName().toString());
      if (m.matches() && !kept.contains(Long.parseLong(m.group(1)))) {
        leaks.add(leak(file, "dead letters of generation " + m.group(1) + ", which is no longer kept"));
      }
    }
    for (Path file : list(indexDir.resolve("lucene"))) {
      String name = file.getFileName().toString();
      if (!name.equals("write.lock") && !referencedLuceneFiles.contains(name)) {
        leaks.add(leak(file, "Lucene file no kept generation's commit references"));
      }
    }
    for (Path entry : list(childTmp)) {
      leaks.add(leak(entry, "left in the children's java.io.tmpdir after they exited"));
    }
    for (Path entry : walk(childCache)) {
      if (!entry.equals(childCache) && entry.getFileName().toString().startsWith(".")
          && !entry.getParent().getFileName().toString().startsWith(".")) {
        leaks.add(leak(entry, "unfinished temporary entry in the children's cache (WEFT_CACHE_DIR)"));
      }
    }
    return leaks;
  }

  static long bytes(List<Leak> leaks) {
    return leaks.stream().mapToLong(Leak::bytes).sum();
  }

  private static Leak leak(Path path, String why) {
    long bytes = 0;
    for (Path p : walk(path)) {
      try {
        bytes += Files.isRegularFile(p) ? Files.size(p) : 0;
      } catch (IOException e) {
        // the scan runs when no child is running, so nothing should be deleting under it
        throw new StorageFailureException(p, "cannot measure " + p + " while looking for leaks", e);
      }
    }
    return new Leak(path, bytes, why);
  }

  private static List<Path> list(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.sorted().toList();
    } catch (IOException e) {
      throw new StorageFailureException(dir, "cannot list " + dir + " to look for leaks; check its permissions", e);
    }
  }

  private static List<Path> walk(Path start) {
    if (!Files.exists(start)) {
      return List.of();
    }
    try (Stream<Path> entries = Files.walk(start)) {
      return entries.sorted().toList();
    } catch (IOException e) {
      throw new StorageFailureException(start, "cannot walk " + start + " to look for leaks; check its permissions",
          e);
    }
  }
}
