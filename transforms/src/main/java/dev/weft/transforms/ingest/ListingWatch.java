package dev.weft.transforms.ingest;

import dev.weft.transforms.route.Router;
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
import java.nio.file.attribute.BasicFileAttributes;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Keeps one tree's listing valid between the passes of a long-lived process (the warm server, a service that
 * re-indexes on a schedule), so a pass over an unchanged tree makes no system call per file: the idea of git's
 * fsmonitor and Gradle's file-system watching. Every directory the walk reads is watched (inotify, through java.nio's
 * {@link WatchService}) from before it is read, so a change either happened before the read and is in the listing,
 * or after it and is an event; a pass reuses the last listing only when no event that could change it arrived.
 *
 * <p>Events reach a {@link WatchService} on its own thread, after the change. So a check first makes a change of
 * its own, a new file in a private directory watched by the same service, and drains events until that one
 * arrives: inotify queues one instance's events in the order they happened, so everything changed before the
 * check has then been seen. A check that does not see its own event within {@link #BARRIER_DEADLINE_MILLIS} says
 * "changed" and breaks the watch, and the registry replaces it.
 *
 * <p>What a watch cannot see (a file written through a shared mapping, or through a hard link in an unwatched
 * directory) is bounded by the registry's maximum age, after which a pass walks again; listings with symlinks,
 * unreadable directories or refused special files are never reused (a symlink's target may lie outside the tree).
 */
final class ListingWatch implements AutoCloseable {
  static final long BARRIER_DEADLINE_MILLIS = 2_000;

  private final Path root;
  private final Path excluded;
  private final Router router;
  private final long maxAgeNanos;
  private final WatchService service;
  private final Path barrierDirectory;
  private final WatchKey barrierKey;
  /** Each watched directory's key and the identity of the directory it was registered for. */
  private final Map<Path, Registered> registered = new ConcurrentHashMap<>();
  private long barriers;
  /** Bumped whenever a check sees a change, so a walk that started before it cannot be remembered as current. */
  private long epoch;
  private List<ListedFile> listing;
  private long listedAtNanos;
  private volatile boolean broken;

  private record Registered(Object fileKey, WatchKey key) {}

  /**
   * What a check found: the listing to reuse, or null (walk, then {@link #remember}), and the root's identity as the
   * check read it (null when it could not), which the walk registers the root under.
   */
  record Check(List<ListedFile> listing, long epoch, long startedNanos, Object rootKey) {}

  private ListingWatch(Path root, Path excluded, Router router, long maxAgeNanos, WatchService service,
      Path barrierDirectory, WatchKey barrierKey) {
    this.root = root;
    this.excluded = excluded;
    this.router = router;
    this.maxAgeNanos = maxAgeNanos;
    this.service = service;
    this.barrierDirectory = barrierDirectory;
    this.barrierKey = barrierKey;
  }

  /** A watch with nothing registered yet: its first check finds no listing, and that walk registers the tree. */
  static ListingWatch open(Path root, Path excluded, Router router, long maxAgeNanos) throws IOException {
    WatchService service = root.getFileSystem().newWatchService();
    Path barrierDirectory = null;
    try {
      barrierDirectory = Files.createTempDirectory("weft-listing-watch");
      barrierDirectory.toFile().deleteOnExit(); // a watch still open when the JVM exits leaves no directory behind
      WatchKey barrierKey = barrierDirectory.register(service, StandardWatchEventKinds.ENTRY_CREATE);
      return new ListingWatch(root, excluded, router, maxAgeNanos, service, barrierDirectory, barrierKey);
    } catch (IOException | RuntimeException e) {
      service.close();
      deleteQuietly(barrierDirectory);
      throw e;
    }
  }

  boolean isBroken() {
    return broken;
  }

  /**
   * Whether anything under the root changed since the last remembered listing; returns that listing when nothing
   * did and it is younger than the maximum age.
   */
  synchronized Check check() {
    long started = System.nanoTime();
    Object rootKey = rootKey();
    if (broken || drainThroughBarrier() || rootReplaced(rootKey)) {
      epoch++;
      listing = null;
    }
    if (listing != null && started - listedAtNanos > maxAgeNanos) {
      listing = null; // the backstop for what no event reports
    }
    return new Check(listing, epoch, started, rootKey);
  }

  /**
   * Remembers a walk's listing when it is {@code clean} and no check saw a change since the walk's own check: a
   * change a later check drained may be one the walk missed, and that check's event is gone.
   *
   * @param walkedDirectories the directories the walk met, whose watches are kept while the others are stopped
   */
  synchronized void remember(Check check, List<ListedFile> walked, boolean clean, Set<Path> walkedDirectories) {
    if (epoch != check.epoch()) {
      return; // a later check drained a change: the directories this walk met may be out of date too
    }
    if (forgetAllBut(walkedDirectories)) {
      epoch++; // a walk that started before this one may have registered a directory just stopped being watched
    }
    if (clean && !broken) {
      listing = List.copyOf(walked);
      listedAtNanos = check.startedNanos();
    }
  }

  /** The listing a pass would reuse now, before any check; a test seam. */
  synchronized List<ListedFile> remembered() {
    return listing;
  }

  /**
   * Watches {@code dir} before the walk reads it, unless the same directory (by {@code fileKey}, its device and
   * inode) is watched already; a directory moved away and replaced by another of the same path gets a new watch.
   */
  void watch(Path dir, Object fileKey) throws IOException {
    Registered known = registered.get(dir);
    if (known != null && known.key().isValid() && fileKey != null && fileKey.equals(known.fileKey())) {
      return;
    }
    try {
      WatchKey key = dir.register(service, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_DELETE,
          StandardWatchEventKinds.ENTRY_MODIFY);
      registered.put(dir, new Registered(fileKey, key));
    } catch (ClosedWatchServiceException e) {
      broken = true;
      throw new IOException("the listing watch of " + root + " was closed", e);
    } catch (NoSuchFileException | AccessDeniedException e) {
      throw e; // this directory only: the walk reports it, and its listing is not reused
    } catch (IOException e) {
      broken = true; // most often fs.inotify.max_user_watches: the registry replaces the watch next pass
      throw e;
    }
  }

  /**
   * Stops watching directories the walk did not meet (removed ones), so watches do not pile up; true when it stopped
   * any.
   */
  private boolean forgetAllBut(Set<Path> walked) {
    Map<WatchKey, Boolean> kept = new IdentityHashMap<>();
    for (Map.Entry<Path, Registered> entry : registered.entrySet()) {
      if (walked.contains(entry.getKey())) {
        kept.put(entry.getValue().key(), Boolean.TRUE);
      }
    }
    return registered.entrySet().removeIf(entry -> {
      boolean gone = !walked.contains(entry.getKey());
      if (gone && !kept.containsKey(entry.getValue().key())) {
        entry.getValue().key().cancel(); // a moved directory's key may serve its new path too: kept then
      }
      return gone;
    });
  }

  @Override
  public synchronized void close() {
    broken = true;
    listing = null;
    try {
      service.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot stop watching " + root + ": " + e.getMessage(), e);
    } finally {
      deleteQuietly(barrierDirectory);
    }
  }

  /**
   * Whether the root is no longer the directory the walk watched: one renamed away and another put in its place (or
   * a symlinked root repointed) changes no watched directory, as nothing above the root is watched.
   */
  private boolean rootReplaced(Object rootKey) {
    Registered watched = registered.get(root);
    return watched == null || rootKey == null || !rootKey.equals(watched.fileKey());
  }

  /** The root's device and inode, following a symlinked root; null when gone or unreadable (the walk reports it). */
  private Object rootKey() {
    try {
      return Files.readAttributes(root, BasicFileAttributes.class).fileKey();
    } catch (IOException e) {
      return null;
    }
  }

  /** Drains every event up to a change of this watch's own; true when one of them could change the listing. */
  private boolean drainThroughBarrier() {
    String name = "b" + (++barriers);
    Path barrier = barrierDirectory.resolve(name);
    boolean changed = false;
    try {
      Files.createFile(barrier);
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BARRIER_DEADLINE_MILLIS);
      boolean reached = false;
      while (!reached) {
        WatchKey key = service.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        if (key == null) {
          broken = true; // its own event never came: no later check can trust what it drains
          return true;
        }
        if (key == barrierKey) {
          for (WatchEvent<?> event : key.pollEvents()) {
            reached |= name.equals(String.valueOf(event.context()));
          }
        } else {
          changed |= changesListing(key);
        }
        if (!key.reset() && key != barrierKey) {
          changed = true; // a watched directory went away (its parent's event says so too)
        }
      }
      return changed;
    } catch (IOException | ClosedWatchServiceException e) {
      broken = true;
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      broken = true;
      return true;
    } finally {
      deleteQuietly(barrier);
    }
  }

  /**
   * Whether one directory's events could change the listing. Only events on names the walk passes by cannot: a
   * hidden name that is not a routable file or an ignore file, or a file (not a directory) the router does not take. Any
   * doubt (a name gone that was a watched directory, one that cannot be stat-ed, a lost event) counts as a change,
   * and so does a directory created where an ignore file may ignore it: one walk, after which an ignored directory is
   * neither walked nor watched, so what happens inside it is no event.
   */
  private boolean changesListing(WatchKey key) {
    Path dir = key.watchable() instanceof Path p ? p : null;
    for (WatchEvent<?> event : key.pollEvents()) {
      if (event.kind() == StandardWatchEventKinds.OVERFLOW || dir == null
          || !(event.context() instanceof Path child)) {
        return true;
      }
      String name = child.toString();
      if (router.route(name).isPresent()) {
        return true;
      }
      if (IgnoreRules.isIgnoreFile(name)) {
        return true; // the rules of the walk changed
      }
      if (name.startsWith(".")) {
        continue; // a hidden directory is never walked, a hidden name the router refuses never listed
      }
      Path changed = dir.resolve(child);
      if (excluded != null && changed.startsWith(excluded)) {
        continue;
      }
      try {
        if (Files.readAttributes(changed, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isDirectory()) {
          return true;
        }
      } catch (IOException gone) {
        if (registered.containsKey(changed) || !(gone instanceof NoSuchFileException)) {
          return true;
        }
      }
    }
    return false;
  }

  private static void deleteQuietly(Path path) {
    if (path == null) {
      return;
    }
    try {
      Files.deleteIfExists(path);
    } catch (IOException ignored) {
      // a private marker in the temp directory; the next one has a new name, and the directory is removed on close
      // (or, if that fails too, left empty in the temp directory)
    }
  }
}
