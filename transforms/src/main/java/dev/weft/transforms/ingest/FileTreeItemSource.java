package dev.weft.transforms.ingest;

import dev.weft.context.FileTypes;
import dev.weft.context.ItemSource;
import dev.weft.context.Roots;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.StorageFailureException;
import dev.weft.context.error.WeftException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The items of a directory-tree index, read back from the tree for {@code get}: an item's bytes are its file's bytes
 * as they are on disk now. Only files inside the root are read: a path that climbs out with {@code ..}, is absolute
 * and outside the root, or passes a link that leads out, is refused before anything is read; and only regular files, since opening a
 * FIFO blocks until a writer appears and a device may never end.
 */
public final class FileTreeItemSource implements ItemSource {
  private final Path root;

  /** @param root the corpus root the index's paths are relative to */
  public FileTreeItemSource(Path root) {
    this.root = Objects.requireNonNull(root, "root").toAbsolutePath().normalize();
  }

  public Path root() {
    return root;
  }

  /**
   * @throws IllegalArgumentException when the path, or a link on it, leads out of the root
   * @throws WeftException (nothing found) when the file is no longer a regular file
   * @throws NoSuchFileException when the file (or the root) is gone
   * @throws StorageFailureException when the file exists but cannot be read
   */
  @Override
  public byte[] read(String path) throws NoSuchFileException {
    Path file = root.resolve(itemPath(path));
    try {
      // the path stays inside the root by name; a symlink on it may still lead out
      if (!file.toRealPath().startsWith(root.toRealPath())) {
        throw new IllegalArgumentException(
            "path must stay inside the corpus root " + root + ", got: " + path + " (a link leading out)");
      }
      requireRegularFile(file, path);
      return Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw e;
    } catch (IOException e) {
      throw new StorageFailureException(file, "cannot read " + file + ": " + e
          + "; make it readable by this user, or re-run `weft index` to drop it from the index", e);
    }
  }

  /**
   * The path as the index names it: relative to the root, {@code /}-separated. An absolute path inside the root
   * (as a shell's {@code $PWD/...} spells it, through a link to the root too) is mapped to that form.
   *
   * @throws IllegalArgumentException when the path climbs out of the root, or is absolute and outside it
   */
  @Override
  public String itemPath(String path) {
    Objects.requireNonNull(path, "path");
    Path named;
    try {
      named = Path.of(path);
    } catch (InvalidPathException e) {
      throw new IllegalArgumentException("path must be a path inside the corpus root " + root + ", got: " + path
          + " (" + e.getReason() + ")");
    }
    Path resolved = root.resolve(named).normalize();
    if (resolved.startsWith(root)) {
      return Roots.slashed(root.relativize(resolved));
    }
    if (named.isAbsolute() && resolved.getParent() != null && Files.isDirectory(root)) {
      // the same root spelled another way: judge the directory by where it really leads, keep the file's own
      // name (a link inside the root is indexed under its name, not its target's)
      Optional<String> dir = Roots.of("the corpus root", List.of(root)).relative(resolved.getParent());
      if (dir.isPresent()) {
        return dir.get().isEmpty() ? resolved.getFileName().toString() : dir.get() + "/" + resolved.getFileName();
      }
    }
    throw new IllegalArgumentException("path must stay inside the corpus root " + root + ", got: " + path);
  }

  @Override
  public String toString() {
    return "the files under " + root;
  }

  /**
   * The check and the read are two system calls, so a file swapped for a FIFO between them can still block; Java
   * has no non-blocking open to close that window.
   */
  private static void requireRegularFile(Path file, String path) throws IOException {
    BasicFileAttributes attrs = Files.readAttributes(file, BasicFileAttributes.class);
    if (!attrs.isRegularFile()) {
      throw new WeftException(ExitStatus.NOTHING_FOUND, "cannot read " + path + ": it is now "
          + FileTypes.describe(file, attrs) + ", not a regular file, and weft reads only regular files; restore the"
          + " file, or re-run `weft index` to drop it from the index");
    }
  }
}
