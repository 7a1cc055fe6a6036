package dev.weft.transforms.ingest;

import dev.weft.context.DeadLetter;
import dev.weft.context.FileTypes;
import dev.weft.context.SkipReason;
import dev.weft.transforms.route.Router;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Lists the files of a corpus root that the router accepts. In a git work tree it takes what git knows
 * ({@code git ls-files}: tracked files, plus untracked ones that are not ignored, so a new file is indexed
 * before its first commit); elsewhere it walks the tree, honouring the {@code .gitignore} and {@code .ignore} files
 * it meets ({@link IgnoreRules}, git's semantics), skipping hidden directories ({@code .git}, the index's
 * {@code .weft}, editors' folders), and never following a symlinked directory (a symlinked file is listed and the reader
 * refuses it when it leads out of the root). Given the process's {@link ListingWatches}, a walked tree's listing is
 * reused while its watch saw nothing under it change.
 */
public final class CorpusLister {
  private static final int WALK_THREADS = Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));

  private final Router router;
  private final Path excluded;
  /** Where a long-lived process keeps tree listings between passes, or null: walk every time. */
  private final ListingWatches watches;
  private volatile boolean reused;
  private final Queue<String> unreadableDirectories = new ConcurrentLinkedQueue<>();
  private final Queue<DeadLetter> unreadable = new ConcurrentLinkedQueue<>();
  private final Queue<DeadLetter> special = new ConcurrentLinkedQueue<>();

  /**
   * @param router decides which extensions are listed
   * @param excluded a directory never listed (the index directory when it sits inside the root), or null
   */
  public CorpusLister(Router router, Path excluded) {
    this(router, excluded, null);
  }

  /**
   * A lister that reuses the last listing of a walked tree while {@code watches} saw nothing under it change
   * ({@link ListingWatches}): a pass over an unchanged tree then makes no system call per file.
   *
   * @param watches the process's watches ({@link ListingWatches#shared()}), or null to walk every time
   */
  public CorpusLister(Router router, Path excluded, ListingWatches watches) {
    this.router = router;
    this.excluded = excluded == null ? null : excluded.toAbsolutePath().normalize();
    this.watches = watches;
  }

  /** Whether the last {@link #start} gave a watched tree's remembered listing instead of walking it. */
  public boolean reusedListing() {
    return reused;
  }

  /**
   * Directories the last {@link #list} could not read (relative paths, sorted). Their files are neither
   * listed nor to be treated as deleted: the caller keeps what the index holds under them and reports them.
   */
  public List<String> unreadableDirectories() {
    return unreadableDirectories.stream().sorted().toList();
  }

  /**
   * What the last {@link #list} refused while listing, sorted by path: directories it could not read
   * ({@code unreadable}) and FIFOs, sockets and devices ({@code special_file}), each with the cause.
   */
  public List<DeadLetter> deadLetters() {
    List<DeadLetter> letters = new ArrayList<>(unreadable);
    letters.addAll(special);
    letters.sort(Comparator.comparing(DeadLetter::path));
    return letters;
  }

  /** Lists files sorted by path; a missing root is an {@link IllegalArgumentException}. */
  public List<ListedFile> list(Path root) {
    return start(root).join();
  }

  /**
   * Starts listing {@code root} and returns at once while a walk runs on its own threads, so the caller can do other
   * work meanwhile (a run opens its base generation); {@link Listing#join} gives what {@link #list} would have, in
   * the same order, and {@link #unreadableDirectories} and {@link #deadLetters} describe it from then on. A listing
   * never joined still ends on its own: its threads stop once the walk is done. In a git work tree the listing is
   * {@code git ls-files}, run here before returning.
   */
  public Listing start(Path root) {
    unreadableDirectories.clear();
    unreadable.clear();
    special.clear();
    reused = false;
    Path absRoot = root.toAbsolutePath().normalize();
    if (!Files.isDirectory(absRoot)) {
      throw new IllegalArgumentException("corpus root must be a directory, got: " + root);
    }
    List<String> paths = GitLsFiles.paths(absRoot);
    if (paths == null) {
      ListingWatch watch = watches == null ? null : watches.forTree(absRoot, excluded, router);
      ListingWatch.Check check = watch == null ? null : watch.check();
      if (check != null && check.listing() != null) {
        reused = true;
        List<ListedFile> remembered = check.listing();
        return () -> remembered;
      }
      return startWalk(absRoot, watch, check); // in path order already
    }
    List<ListedFile> listed = listGitFiles(absRoot, paths);
    return () -> listed;
  }

  /** A listing under way ({@link #start}). */
  @FunctionalInterface
  public interface Listing {
    /** Waits for the listing and returns its files sorted by path; throws what {@link #list} would. */
    List<ListedFile> join();
  }

  private List<ListedFile> listGitFiles(Path absRoot, List<String> paths) {
    List<ListedFile> files = new ArrayList<>(paths.size());
    for (String path : paths) {
      Path file = absRoot.resolve(path);
      if (router.route(path).isEmpty() || isExcluded(file)) {
        continue;
      }
      ListedFile stat = stat(file, path);
      if (stat != null) {
        files.add(stat);
      }
    }
    files.sort((a, b) -> a.path().compareTo(b.path()));
    return files;
  }

  /**
   * Stats one file, following a symlink; null when it no longer exists (git lists deleted-but-tracked files) or
   * is a directory, or when it is not a regular file (then it is refused by name: opening a FIFO would block).
   */
  private ListedFile stat(Path file, String path) {
    try {
      BasicFileAttributes attrs = Files.readAttributes(file, BasicFileAttributes.class);
      if (attrs.isDirectory()) {
        return null;
      }
      if (!attrs.isRegularFile()) {
        refuseSpecial(file, path, attrs);
        return null;
      }
      return new ListedFile(path, attrs.lastModifiedTime().toMillis(), attrs.size());
    } catch (NoSuchFileException e) {
      return Files.isSymbolicLink(file) ? new ListedFile(path, -1, -1) : null; // a dangling link is reported
    } catch (IOException e) {
      return new ListedFile(path, -1, -1); // listed so the reader dead-letters it with the cause
    }
  }

  /**
   * A FIFO, socket or device is never listed, so nothing downstream can open it (a FIFO blocks its reader until
   * a writer comes); it is reported instead, and an indexed file that became one is removed as gone.
   */
  private void refuseSpecial(Path file, String path, BasicFileAttributes attrs, LinkOption... options) {
    special.add(new DeadLetter(path, "list", SkipReason.SPECIAL_FILE.counter(),
        "item must be a regular file, got " + FileTypes.describe(file, attrs, options) + ": " + path));
  }

  private boolean isExcluded(Path file) {
    return excluded != null && file.startsWith(excluded);
  }

  /**
   * Walks the tree on a small fork-join pool, a task per directory. A task forks its subdirectories and returns
   * without waiting for them ({@link CountedCompleter}), so no thread's stack grows with the depth of the tree: a
   * directory thousands of levels down is walked like any other, and one whose path the OS cannot open (longer
   * than {@code PATH_MAX}) is reported unreadable. A name the router does not accept is only stat-ed to learn
   * whether it is a directory; relative paths are built by concatenation rather than {@code relativize}. Each
   * directory sorts its own entries, so the tree read in order is the listing in path order, without sorting
   * thousands of long paths that share their prefixes. Together these keep a no-op pass within a few
   * milliseconds per thousand files.
   */
  private Listing startWalk(Path root, ListingWatch watch, ListingWatch.Check check) {
    AtomicReference<IOException> rootFailure = new AtomicReference<>();
    Walk walk = new Walk(watch, rootFailure);
    WalkDirectory top = new WalkDirectory(null, root, check == null ? null : check.rootKey(), "", excludedUnder(root),
        IgnoreRules.none(), walk);
    // a pool per walk: one shared pool kept for the process measured 2.5x slower per listing (its parked workers
    // woke late on this loaded 2-core machine), though it spent less CPU
    ForkJoinPool pool = new ForkJoinPool(WALK_THREADS);
    try {
      pool.execute(top);
    } finally {
      pool.shutdown(); // refuses new submissions only: the walk's own forks still run, then its threads stop
    }
    return () -> {
      top.join();
      List<ListedFile> files = ordered(root, top, rootFailure);
      if (watch != null) {
        remember(watch, check, walk, files);
      }
      return files;
    };
  }

  /**
   * Gives the watch what the walk listed, to reuse while nothing changes, unless the listing depends on what no
   * watch reports: a symlink's target, a directory it could not read or watch, a special file, a failed stat.
   */
  private void remember(ListingWatch watch, ListingWatch.Check check, Walk walk, List<ListedFile> files) {
    boolean clean = !walk.unwatchable.get() && unreadable.isEmpty() && special.isEmpty()
        && unreadableDirectories.isEmpty() && files.stream().noneMatch(f -> f.mtimeMillis() < 0 || f.size() < 0);
    watch.remember(check, files, clean, walk.directories);
  }

  /**
   * What one walk shares across its tasks: the watch that every directory is registered with before it is read,
   * the directories met, and whether anything makes its listing one a watch cannot vouch for.
   */
  private record Walk(ListingWatch watch, AtomicReference<IOException> rootFailure, Set<Path> directories,
      AtomicBoolean unwatchable) {
    Walk(ListingWatch watch, AtomicReference<IOException> rootFailure) {
      this(watch, rootFailure, ConcurrentHashMap.newKeySet(), new AtomicBoolean());
    }
  }

  private static List<ListedFile> ordered(Path root, WalkDirectory top, AtomicReference<IOException> rootFailure) {
    if (rootFailure.get() != null) {
      throw new UncheckedIOException("cannot list corpus root " + root, rootFailure.get());
    }
    List<ListedFile> files = new ArrayList<>();
    // depth-first without recursion, for the same reason the walk forks rather than waits
    ArrayDeque<Iterator<Object>> pending = new ArrayDeque<>();
    pending.push(top.entries.iterator());
    while (!pending.isEmpty()) {
      Iterator<Object> entries = pending.peek();
      if (!entries.hasNext()) {
        pending.pop();
      } else {
        Object next = entries.next();
        if (next instanceof WalkDirectory sub) {
          pending.push(sub.entries.iterator());
        } else {
          files.add((ListedFile) next);
        }
      }
    }
    return files;
  }

  /**
   * The relative path of the excluded directory when it lies under {@code root}, "" when every subdirectory is
   * excluded (the root lies in it), or null: compared as a string, so a walk never compares whole {@code Path}s.
   */
  private String excludedUnder(Path root) {
    if (excluded == null) {
      return null;
    } else if (root.startsWith(excluded)) {
      return "";
    } else if (excluded.startsWith(root)) {
      return root.relativize(excluded).toString().replace('\\', '/');
    }
    return null;
  }

  private final class WalkDirectory extends CountedCompleter<Void> {
    private final Path dir;
    private final Object fileKey;
    private final String prefix;
    private final String excludedPath;
    /** The rules of the directories above; this directory's own are added when it is read. */
    private final IgnoreRules above;
    private final Walk walk;
    /**
     * The routable files ({@link ListedFile}) and walked subdirectories ({@link WalkDirectory}) of this directory in
     * path order; written by this task before it forks, read once the whole walk completed.
     */
    private List<Object> entries = List.of();

    WalkDirectory(WalkDirectory parent, Path dir, Object fileKey, String prefix, String excludedPath,
        IgnoreRules above, Walk walk) {
      super(parent);
      this.dir = dir;
      this.fileKey = fileKey;
      this.prefix = prefix;
      this.excludedPath = excludedPath;
      this.above = above;
      this.walk = walk;
    }

    @Override
    public void compute() {
      List<Named> found = new ArrayList<>();
      watchBeforeReading();
      try (DirectoryStream<Path> children = Files.newDirectoryStream(dir)) {
        // an ignore file that cannot be read fails the directory like a read error: walked without its rules it
        // would list what the user ignored, so its files are kept as indexed and it is reported
        IgnoreRules rules = above.enter(dir, prefix);
        // where the OS can (Linux), each entry is stat-ed by name relative to the directory open here: the kernel
        // then looks up one name rather than every directory of the absolute path again (a tenth of a walk's CPU)
        SecureDirectoryStream<Path> opened = children instanceof SecureDirectoryStream<Path> s ? s : null;
        for (Path child : children) {
          // the name from the child's string: getFileName() would first index every name of the absolute path
          String full = child.toString();
          Named named = visit(child, full.substring(full.lastIndexOf('/') + 1), opened, rules);
          if (named != null) {
            found.add(named);
          }
        }
      } catch (IOException | DirectoryIteratorException e) {
        IOException cause = e instanceof DirectoryIteratorException d ? d.getCause() : (IOException) e;
        if (prefix.isEmpty()) {
          walk.rootFailure().set(cause);
        } else {
          unreadable.add(new DeadLetter(prefix, "list", SkipReason.UNREADABLE.counter(),
              "directory must be readable, got: " + cause));
          unreadableDirectories.add(prefix.substring(0, prefix.length() - 1));
        }
      }
      found.sort(Comparator.comparing(Named::key));
      List<Object> ordered = new ArrayList<>(found.size());
      for (Named named : found) {
        ordered.add(named.entry());
      }
      entries = ordered;
      for (Object entry : ordered) {
        if (entry instanceof WalkDirectory sub) {
          addToPendingCount(1);
          sub.fork();
        }
      }
      tryComplete();
    }

    /** Registers this directory with the walk's watch first, so a change after the read below is an event. */
    private void watchBeforeReading() {
      if (walk.watch() == null) {
        return;
      }
      walk.directories().add(dir);
      try {
        walk.watch().watch(dir, fileKey);
      } catch (IOException e) {
        walk.unwatchable().set(true); // listed as always, but not reused: a change here would be no event
      }
    }

    /** The listed file or the subdirectory to walk that {@code child} is, or null when it is neither. */
    private Named visit(Path child, String name, SecureDirectoryStream<Path> opened, IgnoreRules rules) {
      String path = prefix + name;
      boolean routable = router.route(name).isPresent();
      BasicFileAttributes attrs;
      try {
        attrs = lstat(child, name, opened);
      } catch (IOException e) {
        if (routable && !rules.ignored(path, false)) {
          return new Named(name, new ListedFile(path, -1, -1)); // the reader dead-letters it with the cause
        } else if (!routable && !name.startsWith(".") && !rules.ignored(path, true)) {
          // it may be a directory (a path longer than PATH_MAX cannot even be stat-ed): report it, and keep
          // what the index holds under it rather than remove it as gone
          unreadable.add(new DeadLetter(path, "list", SkipReason.UNREADABLE.counter(),
              "path must be one the OS can open, got: " + e));
          unreadableDirectories.add(path);
        }
        return null;
      }
      if (attrs.isDirectory()) {
        if (name.startsWith(".") || excludedPath != null && (excludedPath.isEmpty() || excludedPath.equals(path))
            || rules.ignored(path, true)) {
          return null;
        }
        // "d/" sorts among its siblings where every "d/..." path does: no sibling name contains a '/'
        return new Named(name + "/", new WalkDirectory(this, child, attrs.fileKey(), path + "/", excludedPath, rules,
            walk));
      }
      if (!routable || rules.ignored(path, false)) {
        return null;
      }
      if (attrs.isSymbolicLink()) {
        walk.unwatchable().set(true); // its target may lie where no watch of this tree reaches
        ListedFile target = stat(child, path); // never followed as a directory; the target's stat is compared
        return target == null ? null : new Named(name, target);
      }
      if (attrs.isRegularFile()) {
        return new Named(name, new ListedFile(path, attrs.lastModifiedTime().toMillis(), attrs.size()));
      }
      refuseSpecial(child, path, attrs, LinkOption.NOFOLLOW_LINKS);
      return null;
    }
  }

  /**
   * The entry's own attributes (a symlink's, not its target's), by its name in {@code opened} when there is one. A
   * failure there is retried by the absolute path, which has the entry's bytes as the directory gave them (a name
   * not in the platform's encoding does not survive the round trip through a String) and says which file failed.
   */
  private static BasicFileAttributes lstat(Path child, String name, SecureDirectoryStream<Path> opened)
      throws IOException {
    if (opened != null) {
      try {
        return opened.getFileAttributeView(child.getFileSystem().getPath(name), BasicFileAttributeView.class,
            LinkOption.NOFOLLOW_LINKS).readAttributes();
      } catch (IOException | InvalidPathException relativeFailed) {
        // fall through to the absolute path
      }
    }
    return Files.readAttributes(child, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
  }

  /** An entry of a directory and the key that sorts it among its siblings as its paths sort. */
  private record Named(String key, Object entry) {}
}
