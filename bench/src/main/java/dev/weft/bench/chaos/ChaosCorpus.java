package dev.weft.bench.chaos;

import dev.weft.context.error.StorageFailureException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

/**
 * The suite's corpus: a few hundred small Java, Python, Markdown and text files written from a seeded random
 * stream, mutated between cycles (files added, edited, deleted; now and then a binary file that ingest refuses
 * and dead-letters). Every edit also changes the size, so no change can hide behind an unchanged (mtime, size).
 */
final class ChaosCorpus {
  static final List<String> WORDS = List.of("ledger", "anchor", "bucket", "cursor", "driver", "engine", "filter",
      "gateway", "harbor", "index", "journal", "kernel", "lattice", "mirror", "needle", "orbit", "parcel", "quorum",
      "router", "signal", "tensor", "update", "vector", "window", "yield", "zenith", "publish", "rollback", "reader",
      "commit", "segment", "shard", "token", "stream", "beacon", "cipher", "socket", "thread", "latch", "barrier");
  private static final String[] DIRS = {"src/core", "src/io", "src/net", "lib/util", "docs", "docs/guide", "notes"};

  private final Path root;
  private final Random random;
  private final TreeSet<String> files = new TreeSet<>();
  private long serial;

  ChaosCorpus(Path root, Random random) {
    this.root = root;
    this.random = random;
  }

  Path root() {
    return root;
  }

  /** Relative paths of every file now in the corpus. */
  List<String> files() {
    return List.copyOf(files);
  }

  void create(int count) {
    for (int i = 0; i < count; i++) {
      add();
    }
  }

  /** One cycle's changes; returns what it did, for the cycle log. */
  String mutate() {
    int adds = random.nextInt(5);
    int edits = random.nextInt(7);
    int deletes = Math.min(random.nextInt(4), files.size() - 1);
    for (int i = 0; i < adds; i++) {
      add();
    }
    for (int i = 0; i < edits; i++) {
      edit(pick());
    }
    for (int i = 0; i < deletes; i++) {
      delete(pick());
    }
    String binary = "";
    if (random.nextInt(10) == 0) {
      String path = "bin/blob" + (++serial) + ".txt";
      byte[] bytes = new byte[64 + random.nextInt(64)];
      random.nextBytes(bytes);
      bytes[0] = 0; // a NUL byte: refused as binary, listed in the run's dead letters
      write(path, bytes);
      binary = " +binary " + path;
    }
    return "+" + adds + " ~" + edits + " -" + deletes + binary;
  }

  /** Appends to one file, so the next index run surely has something to write. */
  void editOne() {
    edit(pick());
  }

  private String pick() {
    List<String> all = List.copyOf(files);
    return all.get(random.nextInt(all.size()));
  }

  private void add() {
    String dir = DIRS[random.nextInt(DIRS.length)];
    long n = ++serial;
    int kind = random.nextInt(10);
    String path;
    String text;
    if (kind < 4) {
      path = dir + "/" + capitalised(word()) + n + ".java";
      text = java(path, n);
    } else if (kind < 6) {
      path = dir + "/" + word() + "_" + n + ".py";
      text = python(n);
    } else if (kind < 9) {
      path = dir + "/" + word() + "-" + n + ".md";
      text = markdown(n);
    } else {
      path = dir + "/" + word() + "-" + n + ".txt";
      text = sentences(3 + random.nextInt(6)) + "\n";
    }
    write(path, text.getBytes(StandardCharsets.UTF_8));
  }

  private void edit(String path) {
    if (path.startsWith("bin/")) {
      delete(path);
      return;
    }
    try {
      // appending always changes the size; a comment or a paragraph is valid in every format here
      String line = path.endsWith(".java") ? "// " + sentences(1) : path.endsWith(".py") ? "# " + sentences(1)
          : "\n" + sentences(2);
      Files.writeString(root.resolve(path), line + "\n", StandardCharsets.UTF_8,
          java.nio.file.StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new StorageFailureException(root.resolve(path), "cannot edit corpus file " + path, e);
    }
  }

  private void delete(String path) {
    try {
      Files.deleteIfExists(root.resolve(path));
      files.remove(path);
    } catch (IOException e) {
      throw new StorageFailureException(root.resolve(path), "cannot delete corpus file " + path, e);
    }
  }

  private void write(String path, byte[] bytes) {
    Path file = root.resolve(path);
    try {
      Files.createDirectories(file.getParent());
      Files.write(file, bytes);
      files.add(path);
    } catch (IOException e) {
      throw new StorageFailureException(file, "cannot write corpus file " + file + "; check the work directory", e);
    }
  }

  private String java(String path, long n) {
    String name = path.substring(path.lastIndexOf('/') + 1, path.length() - ".java".length());
    StringBuilder b = new StringBuilder("package chaos;\n\n/** ").append(sentences(1)).append(" */\n")
        .append("public class ").append(name).append(" {\n");
    int methods = 1 + random.nextInt(4);
    for (int i = 0; i < methods; i++) {
      b.append("  /** ").append(sentences(1)).append(" */\n  int ").append(word()).append(capitalised(word()))
          .append(i).append("(int ").append(word()).append(") {\n    return ").append(n * 31 + i).append(";\n  }\n\n");
    }
    return b.append("}\n").toString();
  }

  private String python(long n) {
    StringBuilder b = new StringBuilder("\"\"\"").append(sentences(1)).append("\"\"\"\n\n");
    int functions = 1 + random.nextInt(3);
    for (int i = 0; i < functions; i++) {
      b.append("def ").append(word()).append('_').append(word()).append(i).append("(x):\n    \"\"\"")
          .append(sentences(1)).append("\"\"\"\n    return x + ").append(n + i).append("\n\n");
    }
    return b.toString();
  }

  private String markdown(long n) {
    StringBuilder b = new StringBuilder("# ").append(capitalised(word())).append(' ').append(n).append("\n\n")
        .append(sentences(2)).append("\n");
    int sections = 1 + random.nextInt(3);
    for (int i = 0; i < sections; i++) {
      b.append("\n## ").append(capitalised(word())).append("\n\n").append(sentences(2 + random.nextInt(3)))
          .append("\n");
    }
    return b.toString();
  }

  private String sentences(int count) {
    StringBuilder b = new StringBuilder();
    for (int s = 0; s < count; s++) {
      int words = 4 + random.nextInt(8);
      for (int w = 0; w < words; w++) {
        b.append(w == 0 ? capitalised(word()) : word()).append(w == words - 1 ? ". " : " ");
      }
    }
    return b.toString().strip();
  }

  private String word() {
    return WORDS.get(random.nextInt(WORDS.size()));
  }

  private static String capitalised(String word) {
    return Character.toUpperCase(word.charAt(0)) + word.substring(1);
  }
}
