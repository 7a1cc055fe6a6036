package dev.weft.transforms.ingest;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import org.eclipse.jgit.ignore.IgnoreNode;

/**
 * The ignore rules in force in one directory of a tree walked without git: the {@code .gitignore} and {@code .ignore}
 * files of that directory and of every directory above it up to the walk's root, matched with JGit's
 * {@link IgnoreNode} (git's own pattern semantics: negation, directory-only patterns, anchoring, {@code **}). The
 * deepest directory with a matching rule decides, as in git; within one directory {@code .ignore} is read after
 * {@code .gitignore}, so its rules win (ripgrep's convention: {@code .ignore} says what only tools should skip).
 * Immutable: a walk hands each subdirectory {@link #enter}'s result, so parallel tasks share no state.
 */
public final class IgnoreRules {
  /** The ignore files read in every walked directory, in the order their rules are added. */
  public static final List<String> FILES = List.of(".gitignore", ".ignore");
  /** An ignore file larger than this is refused: its directory is reported unreadable rather than half-honoured. */
  public static final long MAX_FILE_BYTES = 1L << 20;

  private static final IgnoreRules NONE = new IgnoreRules(null, "", null);

  private final IgnoreRules parent;
  /** The directory's path relative to the root, ending in '/' (or "" for the root). */
  private final String prefix;
  private final IgnoreNode node;

  private IgnoreRules(IgnoreRules parent, String prefix, IgnoreNode node) {
    this.parent = parent;
    this.prefix = prefix;
    this.node = node;
  }

  /** No rules: nothing is ignored. */
  public static IgnoreRules none() {
    return NONE;
  }

  /**
   * The rules in force in {@code dir}: these, plus its own ignore files when it has any.
   *
   * @param prefix {@code dir}'s path relative to the root, ending in '/' ("" for the root itself)
   * @throws IOException when an ignore file exists but cannot be read or exceeds {@link #MAX_FILE_BYTES}: the caller
   *     reports the directory, since walking it without its rules would list what the user ignored
   */
  public IgnoreRules enter(Path dir, String prefix) throws IOException {
    IgnoreNode found = null;
    for (String name : FILES) {
      byte[] bytes = read(dir.resolve(name));
      if (bytes != null) {
        if (found == null) {
          found = new IgnoreNode();
        }
        try (InputStream in = new ByteArrayInputStream(bytes)) {
          found.parse(in); // appends: later rules win
        }
      }
    }
    return found == null || found.getRules().isEmpty() ? this : new IgnoreRules(this, prefix, found);
  }

  /**
   * Whether {@code path} (relative to the root, '/'-separated, without a trailing '/') is ignored. Its parent
   * directories are not looked at: a walk never enters an ignored directory, so nothing under one is asked about.
   */
  public boolean ignored(String path, boolean directory) {
    for (IgnoreRules rules = this; rules.node != null; rules = rules.parent) {
      if (path.startsWith(rules.prefix)) {
        Boolean decided = rules.node.checkIgnored(path.substring(rules.prefix.length()), directory);
        if (decided != null) {
          return decided;
        }
      }
    }
    return false;
  }

  /** The file's bytes, or null when there is none (a directory, a link or other non-file counts as none). */
  private static byte[] read(Path file) throws IOException {
    BasicFileAttributes attrs;
    try {
      // not followed: git does not follow a symlinked .gitignore either, and a link may lead out of the root
      attrs = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      return null;
    }
    if (!attrs.isRegularFile()) {
      return null;
    }
    if (attrs.size() > MAX_FILE_BYTES) {
      throw new IOException("ignore file must be at most " + MAX_FILE_BYTES + " bytes, got " + attrs.size() + ": "
          + file);
    }
    try (InputStream in = Files.newInputStream(file)) {
      byte[] bytes = in.readNBytes((int) MAX_FILE_BYTES + 1);
      if (bytes.length > MAX_FILE_BYTES) {
        throw new IOException("ignore file must be at most " + MAX_FILE_BYTES + " bytes, got more: " + file);
      }
      return bytes;
    }
  }

  /** Whether {@code name} is one of the ignore files, whose change changes a walked tree's listing. */
  public static boolean isIgnoreFile(String name) {
    return FILES.contains(name);
  }
}
