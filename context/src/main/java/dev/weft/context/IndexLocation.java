package dev.weft.context;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * Where a Weft index lives: one directory on the disk of the process that locks, writes and publishes it. The one type
 * of the index location from the {@code --index} flag (or {@code $WEFT_INDEX}, or the {@code .weft} found upward) to
 * the Lucene directory the writer opens, made once where a value enters (the CLI, a job's Beam option, a library
 * caller's {@code Weft.open}) and never normalised again.
 *
 * <p>An index is always local: Beam workers stage shards on a Beam FileSystem URI ({@code --staging}), but only the
 * driver locks, merges into and publishes the index, so a path is all it needs to be.
 *
 * @param dir the index directory, absolute and normalised (the constructor makes it so)
 */
public record IndexLocation(Path dir) {
  /** The name of the directory an index gets by default, under a corpus root or found upward from the cwd. */
  public static final String DEFAULT_NAME = ".weft";
  /** The environment variable naming the index when no {@code --index} is given. */
  public static final String ENV = "WEFT_INDEX";
  /** The ignore file every index directory holds, so that git and Weft's own walk never see the index as work. */
  public static final String GITIGNORE = ".gitignore";
  /** What {@link #GITIGNORE} says: everything in this directory (itself included) is ignored. */
  public static final String GITIGNORE_TEXT = "# written by Weft: an index is no part of the work tree\n*\n";

  public IndexLocation {
    dir = Objects.requireNonNull(dir, "dir").toAbsolutePath().normalize();
  }

  /**
   * The index at {@code dir}, which need not exist yet (a run creates it).
   *
   * @throws IllegalArgumentException naming {@code dir} when it is a file
   */
  public static IndexLocation of(Path dir) {
    return directory(dir, "the index location");
  }

  /**
   * The index an option names ({@code --index} of the CLI or of a Beam job), which need not exist yet.
   *
   * @throws IllegalArgumentException naming {@code option} and {@code dir} when it is a file
   */
  public static IndexLocation given(Path dir, String option) {
    return directory(dir, option);
  }

  /** The index to read: {@code explicit}, else {@code $WEFT_INDEX}, else the nearest {@code .weft} upward. */
  public static IndexLocation forRead(Path explicit) {
    return forRead(explicit, Path.of(""));
  }

  /**
   * The index to read for something in {@code from}: {@code explicit}, else {@code $WEFT_INDEX}, else the nearest
   * {@code .weft} upward from {@code from} (a hook looks from the file being edited, not from where it runs).
   */
  public static IndexLocation forRead(Path explicit, Path from) {
    if (explicit != null) {
      return given(explicit, "--index");
    }
    String env = System.getenv(ENV);
    if (env != null && !env.isBlank()) {
      return given(Path.of(env), "$" + ENV);
    }
    Path cwd = from.toAbsolutePath().normalize();
    for (Path dir = cwd; dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve(DEFAULT_NAME);
      if (Files.isDirectory(candidate)) {
        return new IndexLocation(candidate);
      }
    }
    return new IndexLocation(cwd.resolve(DEFAULT_NAME));
  }

  /**
   * The index a run over {@code root} writes: {@code explicit}, else {@code $WEFT_INDEX}, else {@code root/.weft}
   * (for a dataset, the caller passes the working directory).
   */
  public static IndexLocation forWrite(Path explicit, Path root) {
    if (explicit != null) {
      return given(explicit, "--index");
    }
    String env = System.getenv(ENV);
    if (env != null && !env.isBlank()) {
      return given(Path.of(env), "$" + ENV);
    }
    return directory(root.resolve(DEFAULT_NAME), "the index location");
  }

  /** {@code other} under the index directory: its {@code lucene/}, {@code generations/}, {@code deadletters/}. */
  public Path resolve(String other) {
    return dir.resolve(other);
  }

  /**
   * Creates the directory when missing and, when it holds no {@link #GITIGNORE} yet, writes one that ignores
   * everything, so an index inside a work tree never shows up in {@code git status} (nor in {@code weft recent}) and
   * is never committed by accident. Called by every writer that creates a part of the index (the Lucene directory,
   * the ledger store), so an index made before the file existed gets it on its next write. A {@code .gitignore}
   * already there is left as it is: a user who wants the index committed edits it rather than deleting it.
   *
   * @throws UncheckedIOException naming the file when it cannot be written (a read-only index cannot be written to)
   */
  public void createIgnored() {
    Path ignore = dir.resolve(GITIGNORE);
    try {
      Files.createDirectories(dir);
      if (!Files.exists(ignore)) {
        Files.writeString(ignore, GITIGNORE_TEXT, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
            StandardOpenOption.WRITE);
      }
    } catch (FileAlreadyExistsException raced) {
      // another process wrote it between the check and the create: the file is there, which is all this wants
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + ignore + ": " + e.getMessage()
          + "; check that the index directory is writable", e);
    }
  }

  /** Whether the directory exists: an index nobody has written to yet has none, and reading it finds nothing. */
  public boolean exists() {
    return Files.isDirectory(dir);
  }

  @Override
  public String toString() {
    return dir.toString();
  }

  /** An index is a directory: a file where one belongs is bad input, named, not a stack trace from deep inside. */
  private static IndexLocation directory(Path dir, String source) {
    IndexLocation index = new IndexLocation(dir);
    if (Files.exists(index.dir) && !Files.isDirectory(index.dir)) {
      throw new IllegalArgumentException(source + " must be an index directory, got a file: " + dir
          + "; pass a directory (created when missing)");
    }
    return index;
  }
}
