package dev.weft.transforms.ingest;

import java.util.List;

/**
 * The part of a corpus a pass may touch. An empty scope is the whole corpus (a full pass); otherwise a path is
 * inside when it equals an entry or lies under it as a directory. A scoped pass never deletes outside it.
 */
public record PathScope(List<String> entries) {
  public PathScope {
    entries = entries.stream().map(PathScope::normalize).distinct().toList();
  }

  public static PathScope all() {
    return new PathScope(List.of());
  }

  public boolean isFull() {
    return entries.isEmpty();
  }

  public boolean contains(String path) {
    if (entries.isEmpty()) {
      return true;
    }
    for (String entry : entries) {
      if (entry.isEmpty() || path.equals(entry) || path.startsWith(entry + "/")) {
        return true;
      }
    }
    return false;
  }

  private static String normalize(String entry) {
    String e = entry.replace('\\', '/').trim();
    while (e.startsWith("./")) {
      e = e.substring(2);
    }
    while (e.endsWith("/")) {
      e = e.substring(0, e.length() - 1);
    }
    if (e.equals(".")) {
      return "";
    }
    if (e.startsWith("/") || e.equals("..") || e.startsWith("../") || e.contains("/../")) {
      throw new IllegalArgumentException("--paths entries must be relative to the corpus root, got: " + entry);
    }
    return e;
  }
}
