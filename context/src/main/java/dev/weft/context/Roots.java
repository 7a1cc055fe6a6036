package dev.weft.context;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The directories a path named by someone other than the user (an MCP client, a model, a program, a pointer
 * {@code get} is handed) must stay inside: the one home of that rule. A path is judged by where it really leads,
 * not by how it is spelled: {@code ..} segments, absolute paths and symlinks are followed on the file system, and a
 * path that does not exist yet is judged by its nearest existing ancestor (a dangling link by its target), so a
 * link inside a root that points out is refused like {@code ../x}. A name is taken literally: {@code %2e%2e} or
 * {@code ..\x} is a file of that name (the file system would read it so too).
 *
 * <p>Each root is kept as it was given (absolute, normalised) and as its real path; a path inside is handed back
 * under the root as given, so what a caller records (a manifest's source, a message) reads as the user wrote it.
 */
public final class Roots {
  /** Links followed while judging one path before it is refused as a loop (Linux's own limit, MAXSYMLINKS). */
  static final int MAX_LINKS = 40;

  private record Root(Path given, Path real) {}

  private final String noun;
  private final List<Root> roots;
  private final String wayOut;

  private Roots(String noun, List<Root> roots, String wayOut) {
    this.noun = noun;
    this.roots = roots;
    this.wayOut = wayOut;
  }

  /** {@link #of(String, List, String)} with no way out appended to a refusal. */
  public static Roots of(String noun, List<Path> dirs) {
    return of(noun, dirs, "");
  }

  /**
   * @param noun how messages name these roots, e.g. "the corpus root" or "the server's roots (--root)"
   * @param dirs existing directories; the first is where a relative path is resolved
   * @param wayOut appended to a refusal, e.g. "; name a path inside them" (empty: nothing)
   * @throws IllegalArgumentException naming a directory that does not exist or cannot be resolved
   */
  public static Roots of(String noun, List<Path> dirs, String wayOut) {
    Objects.requireNonNull(noun, "noun");
    Objects.requireNonNull(wayOut, "wayOut");
    List<Root> roots = new ArrayList<>();
    for (Path dir : dirs) {
      Path given = dir.toAbsolutePath().normalize();
      if (!Files.isDirectory(given)) {
        throw new IllegalArgumentException("a root must be an existing directory, got: " + dir);
      }
      try {
        roots.add(new Root(given, given.toRealPath()));
      } catch (IOException e) {
        throw new IllegalArgumentException("cannot resolve the root " + dir + ": " + e.getMessage()
            + "; make it readable by this user", e);
      }
    }
    return new Roots(noun, List.copyOf(roots), wayOut);
  }

  /**
   * The path {@code value} names — relative to the first root, or absolute — when it really leads inside a root,
   * under that root as given.
   *
   * @param what the argument's name, for the message ("env", "root")
   * @throws IllegalArgumentException naming the argument, the value and the roots when it leads anywhere else
   */
  public Path resolve(String what, String value) {
    Objects.requireNonNull(value, what);
    if (roots.isEmpty()) {
      throw new IllegalArgumentException(what + " must stay inside " + noun + ", and there are none, got: " + value
          + wayOut);
    }
    Path named;
    try {
      named = roots.get(0).given().resolve(value);
    } catch (InvalidPathException e) {
      throw new IllegalArgumentException(what + " must be a path, got: " + value + " (" + e.getReason() + ")");
    }
    Path real = real(named, what, value);
    return inside(real).orElseThrow(() -> new IllegalArgumentException(what + " must stay inside " + this
        + ", got: " + value + (real.equals(named.normalize()) ? "" : " (it leads to " + real + ")") + wayOut));
  }

  /** The root-relative form ({@code /}-separated) of a path that really leads inside a root. */
  public Optional<String> relative(Path path) {
    return inside(real(path.toAbsolutePath(), "path", path.toString())).map(this::relativeToItsRoot);
  }

  private Optional<Path> inside(Path real) {
    for (Root root : roots) {
      if (real.startsWith(root.real())) {
        return Optional.of(root.given().resolve(root.real().relativize(real)));
      }
    }
    return Optional.empty();
  }

  private String relativeToItsRoot(Path inside) {
    for (Root root : roots) {
      if (inside.startsWith(root.given())) {
        return slashed(root.given().relativize(inside));
      }
    }
    throw new IllegalStateException(inside + " lies under no root of " + this);
  }

  /**
   * A relative path's names joined by {@code /}, whatever the platform's separator; a backslash in a name on
   * Linux is part of the name and stays.
   */
  public static String slashed(Path relative) {
    List<String> names = new ArrayList<>();
    relative.forEach(name -> names.add(name.toString()));
    return String.join("/", names);
  }

  /** True when the two paths lead to the same file (both judged as {@link #resolve} does). */
  public static boolean same(Path a, Path b) {
    return real(a.toAbsolutePath(), "path", a.toString()).equals(real(b.toAbsolutePath(), "path", b.toString()));
  }

  /** "the corpus root /r" or "the server's roots (--root) /a, /b". */
  @Override
  public String toString() {
    return noun + " " + roots.stream().map(r -> r.given().toString()).collect(Collectors.joining(", "));
  }

  /**
   * Where {@code path} (absolute) really leads: the real path of its nearest existing ancestor, and the rest —
   * names with nothing there yet, so no link can be among them — normalised by name. A dangling link is judged by
   * its target, as the OS would follow it on a write.
   */
  static Path real(Path path, String what, String value) {
    Path current = path;
    for (int links = 0; links <= MAX_LINKS; links++) {
      Path existing = current;
      while (!Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
        existing = existing.getParent(); // "/" always exists: the loop ends
      }
      // the names after existing, as spelled: relativize would normalise them (JDK 9+), stepping over a ".."
      Path rest = existing.equals(current) ? existing.getFileSystem().getPath("")
          : current.subpath(existing.getNameCount(), current.getNameCount());
      for (Path name : rest) {
        if (name.toString().equals("..")) {
          // the OS cannot go up out of a name that is not there (ENOENT) or not a directory (ENOTDIR); normalising
          // such a rest by name would land wherever the names before the ".." lead, a link out included
          throw new IllegalArgumentException(what + " goes up (..) through " + rest.getName(0) + " in " + existing
              + ", which is not an existing directory, got: " + value + "; name a path that exists inside the roots");
        }
      }
      try {
        return existing.toRealPath().resolve(rest).normalize();
      } catch (NoSuchFileException e) {
        // every name before existing's last resolved (lstat found it), so existing itself is a link that dangles
        try {
          current = existing.getParent().resolve(Files.readSymbolicLink(existing)).resolve(rest);
        } catch (IOException | UnsupportedOperationException notALink) {
          throw refusedUnresolvable(what, value, e);
        }
      } catch (IOException e) {
        throw refusedUnresolvable(what, value, e);
      }
    }
    throw new IllegalArgumentException(what + " leads through more than " + MAX_LINKS + " links (a loop?), got: "
        + value + "; name a path without the loop");
  }

  private static IllegalArgumentException refusedUnresolvable(String what, String value, IOException e) {
    return new IllegalArgumentException("cannot tell where " + what + " leads, got: " + value + " (" + e
        + "); name a readable path inside the roots");
  }
}
