package dev.weft.context.graph;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The import graph of one generation, resolved from every file's {@link FileImports} at once: an import's first
 * candidate key that an indexed file provides wins, and every file providing that key is a target (a Go package is
 * all its non-test files). Imports nothing provides are kept as external names, never invented into edges. Immutable
 * and thread-safe once built; build it once per generation (it never changes under a reader).
 *
 * <p>Keys a file provides: {@code path:<its path>}; what its ingest extracted ({@code java:<package>.<Type>},
 * {@code javapkg:<package>}); for Go, {@code dir:<its directory>} unless it is a {@code _test.go} file; for Python,
 * {@code py:<dotted path>} and {@code py:<dotted path from its top package>} (the highest directory of an unbroken
 * chain of {@code __init__.py}), so {@code src/pkg/mod.py} answers both {@code src.pkg.mod} and {@code pkg.mod}.
 */
public final class CodeGraph {
  /** Hops beyond this are clamped (and the answer says {@code truncated}): 3 hops already reach most of a tree. */
  public static final int MAX_HOPS = 3;

  private final Map<String, GraphFile> files;
  private final Map<String, SortedSet<String>> out;
  private final Map<String, SortedSet<String>> in;
  private final Map<String, SortedSet<String>> external;

  private CodeGraph(Map<String, GraphFile> files, Map<String, SortedSet<String>> out,
      Map<String, SortedSet<String>> in, Map<String, SortedSet<String>> external) {
    this.files = files;
    this.out = out;
    this.in = in;
    this.external = external;
  }

  /** Resolves the imports of {@code files} against each other. */
  public static CodeGraph of(Collection<GraphFile> files) {
    Map<String, GraphFile> byPath = new HashMap<>(files.size() * 2);
    for (GraphFile file : files) {
      byPath.put(file.path(), file);
    }
    Map<String, SortedSet<String>> providers = new HashMap<>();
    for (GraphFile file : files) {
      for (String key : keysOf(file, byPath.keySet())) {
        providers.computeIfAbsent(key, k -> new TreeSet<>()).add(file.path());
      }
    }
    Map<String, SortedSet<String>> out = new HashMap<>();
    Map<String, SortedSet<String>> in = new HashMap<>();
    Map<String, SortedSet<String>> external = new HashMap<>();
    for (GraphFile file : files) {
      for (ImportRef ref : file.imports().imports()) {
        SortedSet<String> targets = resolve(ref, providers);
        if (targets == null) {
          if (!ref.implicit()) {
            external.computeIfAbsent(file.path(), k -> new TreeSet<>()).add(ref.spec());
          }
          continue;
        }
        for (String target : targets) {
          if (!target.equals(file.path())) {
            out.computeIfAbsent(file.path(), k -> new TreeSet<>()).add(target);
            in.computeIfAbsent(target, k -> new TreeSet<>()).add(file.path());
          }
        }
      }
    }
    return new CodeGraph(byPath, out, in, external);
  }

  private static SortedSet<String> resolve(ImportRef ref, Map<String, SortedSet<String>> providers) {
    for (String key : ref.candidates()) {
      SortedSet<String> found = providers.get(key);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /** Every key a file answers to: its path, what its ingest extracted, and its language's derived names. */
  static List<String> keysOf(GraphFile file, Set<String> paths) {
    List<String> keys = new ArrayList<>();
    keys.add("path:" + file.path());
    keys.addAll(file.imports().provides());
    String path = file.path();
    if (path.endsWith(".go") && !path.endsWith("_test.go")) {
      keys.add("dir:" + parent(path));
    }
    if (path.endsWith(".py") || path.endsWith(".pyi")) {
      String stem = path.substring(0, path.lastIndexOf('.'));
      String module = stem.endsWith("/__init__") ? stem.substring(0, stem.length() - "/__init__".length())
          : stem.equals("__init__") ? "" : stem;
      if (!module.isEmpty()) {
        keys.add("py:" + module.replace('/', '.'));
        String top = topPackageRoot(parent(path), paths);
        if (!top.isEmpty() && module.startsWith(top + "/")) {
          keys.add("py:" + module.substring(top.length() + 1).replace('/', '.'));
        }
      }
    }
    return keys;
  }

  /** The directory above the highest package of the unbroken {@code __init__.py} chain over {@code dir}. */
  private static String topPackageRoot(String dir, Set<String> paths) {
    String current = dir;
    while (!current.isEmpty() && paths.contains(current + "/__init__.py")) {
      current = parent(current);
    }
    return current;
  }

  static String parent(String path) {
    int slash = path.lastIndexOf('/');
    return slash < 0 ? "" : path.substring(0, slash);
  }

  public boolean contains(String path) {
    return files.containsKey(path);
  }

  public GraphFile file(String path) {
    return files.get(path);
  }

  /** The indexed files {@code path} imports, sorted. */
  public SortedSet<String> imports(String path) {
    return out.getOrDefault(path, new TreeSet<>());
  }

  /** The indexed files importing {@code path}, sorted. */
  public SortedSet<String> importedBy(String path) {
    return in.getOrDefault(path, new TreeSet<>());
  }

  /** The imports of {@code path} no indexed file provides, by name. */
  public SortedSet<String> external(String path) {
    return external.getOrDefault(path, new TreeSet<>());
  }

  /** Exact edge counts of {@code path}. */
  public NodeEdges edges(String path) {
    return new NodeEdges(imports(path).size(), importedBy(path).size(), List.copyOf(external(path)));
  }

  /**
   * The files within {@code hops} edges of {@code path} in {@code direction}, each once at its shortest distance,
   * nearest first then by path; the start itself is never listed (a cycle back to it is not a relation).
   *
   * @throws IllegalArgumentException when hops is below 1
   */
  public Related related(String path, Direction direction, int hops) {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(direction, "direction");
    if (hops < 1) {
      throw new IllegalArgumentException("hops must be at least 1, got: " + hops);
    }
    int limit = Math.min(hops, MAX_HOPS);
    Map<String, RelatedNode> seen = new LinkedHashMap<>();
    Set<String> visited = new HashSet<>(Set.of(path));
    List<String> frontier = List.of(path);
    for (int hop = 1; hop <= limit && !frontier.isEmpty(); hop++) {
      SortedSet<String> nextOut = new TreeSet<>();
      SortedSet<String> nextIn = new TreeSet<>();
      for (String node : frontier) {
        if (direction != Direction.IN) {
          nextOut.addAll(imports(node));
        }
        if (direction != Direction.OUT) {
          nextIn.addAll(importedBy(node));
        }
      }
      SortedSet<String> level = new TreeSet<>(nextOut);
      level.addAll(nextIn);
      List<String> next = new ArrayList<>();
      for (String node : level) {
        if (visited.add(node)) {
          GraphFile file = files.get(node);
          seen.put(node, new RelatedNode(node, file.kind(), file.format(), hop, nextOut.contains(node) ? "out" : "in"));
          next.add(node);
        }
      }
      frontier = next;
    }
    return new Related(new ArrayList<>(seen.values()), hops > MAX_HOPS);
  }

  /** Every file of the graph, sorted. */
  public List<String> paths() {
    return files.keySet().stream().sorted().toList();
  }

  /** How many files the graph holds. */
  public int size() {
    return files.size();
  }
}
