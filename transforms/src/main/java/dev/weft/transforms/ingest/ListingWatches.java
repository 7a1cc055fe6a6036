package dev.weft.transforms.ingest;

import dev.weft.transforms.route.Router;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The listing watches of one process ({@link ListingWatch}), one per corpus tree, router and excluded directory:
 * at most {@code capacity} at once (the least recently used is closed first, as each holds an inotify instance and a
 * thread), each closed once idle for {@code idle}. A tree is watched only on Linux and only where every file system
 * under it is a local one whose changes inotify reports (not NFS, SMB or FUSE, whose other clients' writes it never
 * sees); elsewhere, and with {@code -Dweft.listing.watch=false}, every pass walks.
 *
 * <p>A tree is watched from its second pass in the process on ({@code watchFromPass}): registering costs about
 * 0.1 ms a directory, which a one-shot process (a scheduled {@code weft index}) would pay for nothing.
 */
public final class ListingWatches {
  /** The system property that turns the process's watches off ({@code false}); on by default. */
  public static final String PROPERTY = "weft.listing.watch";

  /** File systems whose every change goes through this kernel, so inotify reports it. */
  static final Set<String> LOCAL_TYPES = Set.of("ext2", "ext3", "ext4", "xfs", "btrfs", "tmpfs", "overlay", "zfs",
      "f2fs", "bcachefs", "jfs", "reiserfs");

  private static final ListingWatches SHARED = new ListingWatches(
      !"false".equalsIgnoreCase(System.getProperty(PROPERTY, "true")), 8, Duration.ofMinutes(10), 2);

  private final boolean enabled;
  private final int capacity;
  private final long idleNanos;
  private final int watchFromPass;
  private final Map<TreeKey, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
  /** Trees listed fewer than {@code watchFromPass - 1} times so far, with that count; the least recent dropped. */
  private final Map<TreeKey, Integer> passes = new LinkedHashMap<>(16, 0.75f, true);

  private record TreeKey(Path root, Path excluded, Router router) {}

  /** A watch, or none (null) for a tree found not watchable, and when either was last asked for. */
  private static final class Entry {
    final ListingWatch watch;
    long usedNanos;

    Entry(ListingWatch watch, long usedNanos) {
      this.watch = watch;
      this.usedNanos = usedNanos;
    }
  }

  /**
   * @param watchFromPass the pass over a tree from which it is watched (1: its first)
   */
  ListingWatches(boolean enabled, int capacity, Duration idle, int watchFromPass) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be at least 1, got: " + capacity);
    }
    if (watchFromPass < 1) {
      throw new IllegalArgumentException("watchFromPass must be at least 1, got: " + watchFromPass);
    }
    this.enabled = enabled;
    this.capacity = capacity;
    this.idleNanos = idle.toNanos();
    this.watchFromPass = watchFromPass;
  }

  /** The process's watches, on unless the system property {@value #PROPERTY} is {@code false}. */
  public static ListingWatches shared() {
    return SHARED;
  }

  /**
   * The watch of {@code root} (absolute, normalized) for this router and excluded directory, opened on first use;
   * null when watches are off or the tree cannot be watched (it is then walked every pass).
   */
  synchronized ListingWatch forTree(Path root, Path excluded, Router router) {
    if (!enabled) {
      return null;
    }
    long now = System.nanoTime();
    closeIdle(now);
    TreeKey key = new TreeKey(root, excluded, router);
    Entry entry = entries.get(key);
    if (entry != null && entry.watch != null && entry.watch.isBroken()) {
      entries.remove(key).watch.close();
      entry = null;
    }
    if (entry == null) {
      int pass = passes.merge(key, 1, Integer::sum);
      if (pass < watchFromPass) {
        while (passes.size() > capacity * 4) {
          Iterator<TreeKey> eldest = passes.keySet().iterator();
          eldest.next();
          eldest.remove();
        }
        return null;
      }
      passes.remove(key);
      entry = new Entry(open(root, excluded, router), now);
      entries.put(key, entry);
      while (entries.size() > capacity) {
        Iterator<Entry> eldest = entries.values().iterator();
        Entry evicted = eldest.next();
        eldest.remove();
        if (evicted.watch != null) {
          evicted.watch.close();
        }
      }
    }
    entry.usedNanos = now;
    return entry.watch;
  }

  /** Closes every watch (their threads and inotify instances); later passes open new ones as needed. */
  public synchronized void closeAll() {
    for (Entry entry : entries.values()) {
      if (entry.watch != null) {
        entry.watch.close();
      }
    }
    entries.clear();
    passes.clear();
  }

  private void closeIdle(long now) {
    entries.values().removeIf(entry -> {
      boolean idle = now - entry.usedNanos > idleNanos;
      if (idle && entry.watch != null) {
        entry.watch.close();
      }
      return idle; // an unwatchable tree is tried again once it was idle: its file systems may have changed
    });
  }

  /** A new watch of the tree, or null when the OS or a file system under it cannot report every change. */
  private ListingWatch open(Path root, Path excluded, Router router) {
    if (!isLinux() || !onLocalFileSystems(root)) {
      return null;
    }
    try {
      return ListingWatch.open(root, excluded, router, idleNanos);
    } catch (IOException e) {
      return null; // fs.inotify.max_user_instances reached, or no temp directory: this tree is walked every pass
    }
  }

  private static boolean isLinux() {
    return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux");
  }

  /**
   * Whether the file system holding {@code root} and every one mounted under it is local ({@link #LOCAL_TYPES}),
   * by the mount table: {@code FileStore} names the root's type but not the mounts below it.
   */
  static boolean onLocalFileSystems(Path root) {
    List<String> lines;
    try {
      lines = Files.readAllLines(Path.of("/proc/self/mounts"), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return false;
    }
    return onLocalFileSystems(root, lines);
  }

  /** {@link #onLocalFileSystems(Path)} over the lines of a mount table ({@code device mountpoint type ...}). */
  static boolean onLocalFileSystems(Path root, List<String> mountLines) {
    String rootType = null;
    int rootMountLength = -1;
    for (String line : mountLines) {
      String[] fields = line.split(" ");
      if (fields.length < 3) {
        continue;
      }
      Path mountPoint = Path.of(unescape(fields[1]));
      String type = fields[2];
      if (root.startsWith(mountPoint)) {
        int length = mountPoint.getNameCount();
        if (length >= rootMountLength) { // the last of equal mounts is the one on top
          rootMountLength = length;
          rootType = type;
        }
      } else if (mountPoint.startsWith(root) && !LOCAL_TYPES.contains(type)) {
        return false;
      }
    }
    return rootType != null && LOCAL_TYPES.contains(rootType);
  }

  /** The mount table writes a space, tab, newline and backslash in a path as an octal escape ({@code \040}). */
  private static String unescape(String field) {
    StringBuilder out = new StringBuilder(field.length());
    for (int i = 0; i < field.length(); i++) {
      char c = field.charAt(i);
      if (c == '\\' && isOctal(field, i + 1)) {
        out.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
        i += 3;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  private static boolean isOctal(String s, int from) {
    if (from + 3 > s.length()) {
      return false;
    }
    for (int i = from; i < from + 3; i++) {
      if (s.charAt(i) < '0' || s.charAt(i) > '7') {
        return false;
      }
    }
    return true;
  }
}
