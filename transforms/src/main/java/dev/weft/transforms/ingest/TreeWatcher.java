package dev.weft.transforms.ingest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Collects the paths that changed under a corpus root, for {@code weft index --watch}: a java.nio
 * {@link WatchService} registered on every directory of the tree (it watches one directory per key, not a subtree),
 * new directories registered as they appear. What it reports only says a window has something to do; the planner,
 * re-listing and comparing stats, decides what. That is why losing events is survivable: inotify drops them when its
 * queue overflows (reported here as {@link Changes#overflowed()}), a directory created and filled before it is
 * registered hides its first files, and the directories the listing walk skips are not watched at all, so the
 * watch also re-plans the whole tree periodically as a backstop.
 */
public final class TreeWatcher implements AutoCloseable {
  private final Path root;
  private final Path excluded;
  private final WatchService service;
  private final Map<WatchKey, Path> directories = new HashMap<>();
  /** The ignore rules in force in each registered directory, so a directory created later inherits its parent's. */
  private final Map<Path, IgnoreRules> rulesOf = new HashMap<>();

  private TreeWatcher(Path root, Path excluded, WatchService service) {
    this.root = root;
    this.excluded = excluded;
    this.service = service;
  }

  /**
   * Starts watching every directory under {@code root} except {@code excluded} (the index directory) and those the
   * listing walk skips: hidden ones ({@code .git}) and those the tree's {@code .gitignore}/{@code .ignore} files
   * ignore ({@link IgnoreRules}; a change to one of those files re-registers its directory's subtree).
   */
  public static TreeWatcher start(Path root, Path excluded) {
    Path absRoot = root.toAbsolutePath().normalize();
    if (!Files.isDirectory(absRoot)) {
      throw new IllegalArgumentException("corpus root must be a directory, got: " + root);
    }
    WatchService service;
    try {
      service = absRoot.getFileSystem().newWatchService();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot watch " + absRoot + " for changes: " + e.getMessage()
          + "; raise fs.inotify.max_user_instances, or run weft index without --watch on a schedule", e);
    }
    TreeWatcher watcher = new TreeWatcher(absRoot,
        excluded == null ? null : excluded.toAbsolutePath().normalize(), service);
    try {
      watcher.registerTree(absRoot);
    } catch (RuntimeException e) {
      watcher.close();
      throw e;
    }
    return watcher;
  }

  /** What changed since the last call, without waiting. */
  public Changes drain() {
    TreeSet<String> paths = new TreeSet<>();
    boolean overflowed = false;
    WatchKey key;
    while ((key = poll()) != null) {
      overflowed |= collect(key, paths);
    }
    return new Changes(paths, overflowed);
  }

  /**
   * Waits up to {@code timeout} for the first change, then returns everything changed by then: for tests and
   * callers that want to block on the watcher rather than on a clock.
   */
  public Changes await(long timeout, TimeUnit unit) throws InterruptedException {
    WatchKey first;
    try {
      first = service.poll(timeout, unit);
    } catch (ClosedWatchServiceException e) {
      return new Changes(new TreeSet<>(), false);
    }
    if (first == null) {
      return new Changes(new TreeSet<>(), false);
    }
    TreeSet<String> paths = new TreeSet<>();
    boolean overflowed = collect(first, paths);
    Changes rest = drain();
    paths.addAll(rest.paths());
    return new Changes(paths, overflowed || rest.overflowed());
  }

  /** Directories watched now; a test seam for the registration rules. */
  int watchedDirectories() {
    return directories.size();
  }

  @Override
  public void close() {
    try {
      service.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot stop watching " + root + ": " + e.getMessage(), e);
    }
  }

  private WatchKey poll() {
    try {
      return service.poll();
    } catch (ClosedWatchServiceException e) {
      return null;
    }
  }

  /** Adds the key's events to {@code paths}; true when the OS dropped events. */
  private boolean collect(WatchKey key, TreeSet<String> paths) {
    Path dir = directories.get(key);
    boolean overflowed = false;
    for (WatchEvent<?> event : key.pollEvents()) {
      if (event.kind() == StandardWatchEventKinds.OVERFLOW || dir == null) {
        overflowed = true;
        continue;
      }
      Path changed = dir.resolve((Path) event.context());
      if (isExcluded(changed)) {
        continue;
      }
      paths.add(root.relativize(changed).toString().replace('\\', '/'));
      if (IgnoreRules.isIgnoreFile(changed.getFileName().toString())) {
        registerTree(dir); // the rules changed: a directory they no longer ignore is watched from now on
      } else if (event.kind() == StandardWatchEventKinds.ENTRY_CREATE
          && Files.isDirectory(changed, LinkOption.NOFOLLOW_LINKS) && !isSkipped(changed, rulesOf(dir))) {
        registerTree(changed);
      }
    }
    if (!key.reset()) {
      directories.remove(key); // the directory is gone; its removal was an event of its parent
    }
    return overflowed;
  }

  /** Registers {@code top} and every directory under it, iteratively (a deep tree must not overflow the stack). */
  private void registerTree(Path top) {
    Deque<Path> pending = new ArrayDeque<>();
    pending.push(top);
    while (!pending.isEmpty()) {
      Path dir = pending.pop();
      try {
        directories.put(dir.register(service, StandardWatchEventKinds.ENTRY_CREATE,
            StandardWatchEventKinds.ENTRY_DELETE, StandardWatchEventKinds.ENTRY_MODIFY), dir);
        IgnoreRules rules = ownRules(dir);
        rulesOf.put(dir, rules);
        try (Stream<Path> entries = Files.list(dir)) {
          entries.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) && !isSkipped(p, rules))
              .forEach(pending::push);
        }
      } catch (NoSuchFileException | AccessDeniedException gone) {
        // removed or unreadable while registering: the listing reports an unreadable directory by name
      } catch (IOException e) {
        throw new UncheckedIOException("cannot watch " + dir + ": " + e.getMessage()
            + "; raise fs.inotify.max_user_watches (one watch per directory), or run weft index on a schedule", e);
      }
    }
  }

  private boolean isSkipped(Path dir, IgnoreRules rules) {
    String name = dir.getFileName().toString();
    return isExcluded(dir) || name.startsWith(".") || rules.ignored(relative(dir), true);
  }

  /** The rules in force in {@code dir}: its parent's and its own ignore files'. */
  private IgnoreRules ownRules(Path dir) {
    IgnoreRules above = dir.equals(root) ? IgnoreRules.none() : rulesOf(dir.getParent());
    try {
      return above.enter(dir, dir.equals(root) ? "" : relative(dir) + "/");
    } catch (IOException unreadable) {
      // watched as if it had no rules of its own: watching more only wakes the planner, which decides (the
      // listing reports the unreadable ignore file)
      return above;
    }
  }

  private IgnoreRules rulesOf(Path dir) {
    return rulesOf.getOrDefault(dir, IgnoreRules.none());
  }

  private String relative(Path dir) {
    return root.relativize(dir).toString().replace('\\', '/');
  }

  private boolean isExcluded(Path path) {
    return excluded != null && path.startsWith(excluded);
  }

  /**
   * Paths (relative to the root, {@code /}-separated, sorted) with events since the last drain.
   *
   * @param overflowed the OS dropped events: some changes may be missing from {@code paths}
   */
  public record Changes(SortedSet<String> paths, boolean overflowed) {
    public Changes {
      paths = Collections.unmodifiableSortedSet(new TreeSet<>(paths));
    }

    public boolean isEmpty() {
      return paths.isEmpty() && !overflowed;
    }
  }
}
