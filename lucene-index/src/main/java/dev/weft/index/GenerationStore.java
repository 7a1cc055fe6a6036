package dev.weft.index;

import dev.weft.context.IndexLocation;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.weft.context.error.IndexDamagedException;
import dev.weft.context.error.StorageFailureException;
import dev.weft.context.generation.GenerationManifest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.lucene.util.IOUtils;

/**
 * The generation manifests ({@code generations/<gen>.json}) and the {@code CURRENT} pointer. Every
 * file is written whole to a temp file, synced, then renamed atomically, so a reader sees either
 * the old or the new content.
 *
 * <p>A publish writes {@code <gen>.pending.json}, swaps {@code CURRENT}, then renames the manifest to
 * {@code <gen>.json}: a run killed before the swap leaves only a pending manifest, which is never listed
 * (so never rolled back to) and which the next writing run deletes. An unreadable manifest is skipped and
 * reported ({@link #unreadable()}), never fatal to the other generations. {@code generations/HIGHEST} holds
 * the highest number ever published, so a deleted manifest never lets its number be reused.
 */
final class GenerationStore {
  static final String CURRENT = "CURRENT";
  static final String GENERATIONS = "generations";
  static final String HIGHEST = "HIGHEST";
  private static final Pattern MANIFEST_NAME = Pattern.compile("(\\d{1,18})\\.json");
  private static final Pattern PENDING_NAME = Pattern.compile("(\\d{1,18})\\.pending\\.json");
  private static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          // a newer Weft may add fields; an older one still reads the generation
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private final IndexLocation index;
  private final Path generationsDir;
  private final Path currentFile;

  GenerationStore(IndexLocation index) {
    this.index = index;
    this.generationsDir = index.resolve(GENERATIONS);
    this.currentFile = index.resolve(CURRENT);
  }

  /**
   * The generation {@code CURRENT} names; empty when nothing was ever published.
   *
   * @throws IndexDamagedException when {@code CURRENT} is not a file holding a number, or is missing although
   *     generations are kept
   */
  Optional<Long> currentGeneration() {
    String text;
    try {
      text = Files.readString(currentFile, StandardCharsets.UTF_8).trim();
    } catch (NoSuchFileException e) {
      if (generationNumbers().isEmpty()) {
        return Optional.empty();
      }
      throw new IndexDamagedException(currentFile, currentFile + " is missing but generations "
          + generationNumbers() + " are kept; " + wayOut(), e);
    } catch (IOException e) {
      throw new IndexDamagedException(currentFile, "cannot read " + currentFile + " (" + e + "); "
          + (Files.isDirectory(currentFile) ? "it is a directory; " : "") + wayOut(), e);
    }
    try {
      return Optional.of(Long.parseLong(text));
    } catch (NumberFormatException e) {
      throw new IndexDamagedException(currentFile, currentFile + " must hold a generation number, got: '"
          + abbreviate(text) + "'; " + wayOut(), e);
    }
  }

  /** The served generation's manifest; empty when nothing was ever published. */
  Optional<GenerationManifest> current() {
    return currentGeneration().map(this::read);
  }

  /**
   * The manifest of a generation ({@code <gen>.json}, else the pending one of a publish that swapped
   * {@code CURRENT} but had not renamed it yet).
   *
   * @throws IndexDamagedException when it is missing or unreadable
   */
  GenerationManifest read(long generation) {
    Path file = manifestFile(generation);
    if (!Files.exists(file) && Files.exists(pendingFile(generation))) {
      file = pendingFile(generation);
    }
    try {
      return JSON.readValue(file.toFile(), GenerationManifest.class);
    } catch (IOException e) {
      if (!Files.exists(file)) {
        throw new IndexDamagedException(file, "generation " + generation + " has no manifest at " + file
            + " (kept generations: " + generationNumbers() + "); " + wayOut(generation), e);
      }
      throw new IndexDamagedException(file, "manifest " + file + " is unreadable (" + firstLine(e) + "); "
          + wayOut(generation), e);
    }
  }

  /** A kept generation's manifest; empty when that generation is not kept. */
  Optional<GenerationManifest> find(long generation) {
    return generationNumbers().contains(generation) ? Optional.of(read(generation)) : Optional.empty();
  }

  /** Kept manifests that can be read, newest first; see {@link #unreadable()} for the others. */
  List<GenerationManifest> list() {
    List<GenerationManifest> manifests = new ArrayList<>();
    for (long generation : generationNumbers()) {
      try {
        manifests.add(read(generation));
      } catch (IndexDamagedException e) {
        // reported by unreadable(); one bad manifest must not hide the others
      }
    }
    return manifests;
  }

  /** Kept manifests that exist but cannot be read, newest first. */
  List<UnreadableManifest> unreadable() {
    List<UnreadableManifest> unreadable = new ArrayList<>();
    for (long generation : generationNumbers()) {
      try {
        read(generation);
      } catch (IndexDamagedException e) {
        unreadable.add(new UnreadableManifest(generation, e.file(), firstLine(e.getCause())));
      }
    }
    return unreadable;
  }

  /**
   * Numbers of the kept generations, readable or not, newest first: every {@code <gen>.json}, and the pending
   * manifest of the generation {@code CURRENT} names (its publish was cut off after the swap).
   */
  List<Long> generationNumbers() {
    TreeSet<Long> numbers = new TreeSet<>(Comparator.reverseOrder());
    numbers.addAll(numbered(MANIFEST_NAME));
    List<Long> pending = numbered(PENDING_NAME);
    if (!pending.isEmpty()) {
      currentNumber().filter(pending::contains).ifPresent(numbers::add);
    }
    return List.copyOf(numbers);
  }

  /**
   * Never reuses a number, even after a rollback or a deleted manifest: one past every kept, pending or
   * current generation and the highest ever published.
   */
  long nextGeneration() {
    long newest = 0;
    for (Pattern pattern : List.of(MANIFEST_NAME, PENDING_NAME)) {
      newest = Math.max(newest, numbered(pattern).stream().max(Long::compare).orElse(0L));
    }
    newest = Math.max(newest, currentNumber().orElse(0L));
    newest = Math.max(newest, highestPublished());
    return newest + 1;
  }

  /** First step of a publish: the manifest under its pending name, not yet listed. */
  void writePending(GenerationManifest manifest) {
    Path file = pendingFile(manifest.generation());
    try {
      Files.createDirectories(generationsDir);
      atomicWrite(file, JSON.writeValueAsBytes(manifest));
    } catch (IOException e) {
      throw storageFailure(file, "cannot write the manifest of generation " + manifest.generation()
          + " (not published: the served generation is unchanged)", e);
    }
  }

  /** Last step of a publish, after the swap: the manifest under its kept name, and the high-water mark. */
  void finish(long generation) {
    Path target = manifestFile(generation);
    try {
      Files.move(pendingFile(generation), target, StandardCopyOption.ATOMIC_MOVE,
          StandardCopyOption.REPLACE_EXISTING);
      IOUtils.fsync(generationsDir, true);
      if (generation > highestPublished()) {
        atomicWrite(generationsDir.resolve(HIGHEST), (generation + "\n").getBytes(StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      throw storageFailure(target, "generation " + generation + " is served, but its manifest cannot be "
          + "finished at " + target, e);
    }
  }

  /** Points {@code CURRENT} at a generation in one atomic rename. */
  void point(long generation) {
    try {
      replaceableCurrent();
      atomicWrite(currentFile, (generation + "\n").getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw storageFailure(currentFile, "cannot point " + currentFile + " at generation " + generation
          + " (it still names the generation it named before)", e);
    }
  }

  /**
   * A rename cannot replace a directory: an empty one standing where {@code CURRENT} belongs is removed (it
   * holds nothing); one with files in it is left for the operator.
   */
  private void replaceableCurrent() throws IOException {
    if (!Files.isDirectory(currentFile)) {
      return;
    }
    try (Stream<Path> entries = Files.list(currentFile)) {
      if (entries.findAny().isPresent()) {
        throw new IndexDamagedException(currentFile, currentFile + " is a directory with files in it, where the "
            + "pointer file belongs: move it away, then rerun", null);
      }
    }
    Files.delete(currentFile);
  }

  /**
   * Under the write lock: deletes the pending manifests of runs that died before swapping {@code CURRENT}
   * (never served), and finishes the one {@code CURRENT} names. Returns the generations discarded.
   */
  List<Long> discardUnserved() {
    List<Long> discarded = new ArrayList<>();
    Optional<Long> current = currentNumber();
    for (long generation : numbered(PENDING_NAME)) {
      if (current.isPresent() && current.get() == generation) {
        finish(generation);
        continue;
      }
      try {
        Files.deleteIfExists(pendingFile(generation));
      } catch (IOException e) {
        throw storageFailure(pendingFile(generation), "cannot delete the never-served manifest "
            + pendingFile(generation), e);
      }
      discarded.add(generation);
    }
    return discarded;
  }

  /**
   * Deletes the manifests of all but the {@code keep} newest generations (readable or not), never the one
   * {@code CURRENT} names; returns the numbers still kept, newest first.
   */
  List<Long> prune(int keep) {
    long current = currentNumber().orElse(-1L);
    List<Long> kept = new ArrayList<>();
    for (long generation : generationNumbers()) {
      if (kept.size() < keep || generation == current) {
        kept.add(generation);
        continue;
      }
      try {
        Files.deleteIfExists(manifestFile(generation));
      } catch (IOException e) {
        throw storageFailure(manifestFile(generation), "cannot prune the manifest of generation " + generation, e);
      }
    }
    return kept;
  }

  IndexLocation index() {
    return index;
  }

  Path currentFile() {
    return currentFile;
  }

  /** The way out of a damaged pointer or manifest, naming the newest generation that can be served. */
  String wayOut() {
    return wayOut(-1);
  }

  /** As {@link #wayOut()}, for when {@code failed} itself cannot be served. */
  String wayOut(long failed) {
    Optional<Long> newest = newestReadable(failed);
    return newest.map(g -> "run `weft rollback " + g + "` to serve the newest readable kept generation "
            + "(`weft check` tests each) or `weft index --rebuild` to re-index from the corpus")
        .orElse("run `weft index --rebuild` to re-index from the corpus");
  }

  private Optional<Long> newestReadable(long failed) {
    return numbered(MANIFEST_NAME).stream().sorted(Comparator.reverseOrder()).filter(g -> g != failed)
        .filter(this::readable).findFirst();
  }

  private boolean readable(long generation) {
    try {
      JSON.readValue(manifestFile(generation).toFile(), GenerationManifest.class);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** What {@code CURRENT} holds when it is a number; empty when it is missing or damaged. */
  Optional<Long> currentNumber() {
    try {
      return Optional.of(Long.parseLong(Files.readString(currentFile, StandardCharsets.UTF_8).trim()));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** The high-water mark; a missing or damaged one counts as 0, the manifests and CURRENT still count. */
  private long highestPublished() {
    try {
      return Long.parseLong(Files.readString(generationsDir.resolve(HIGHEST), StandardCharsets.UTF_8).trim());
    } catch (IOException | NumberFormatException e) {
      return 0;
    }
  }

  private List<Long> numbered(Pattern pattern) {
    if (!Files.isDirectory(generationsDir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(generationsDir)) {
      return files
          .map(file -> pattern.matcher(file.getFileName().toString()))
          .filter(Matcher::matches)
          .map(m -> Long.parseLong(m.group(1)))
          .toList();
    } catch (IOException e) {
      throw storageFailure(generationsDir, "cannot list " + generationsDir, e);
    }
  }

  private Path manifestFile(long generation) {
    return generationsDir.resolve(generation + ".json");
  }

  private Path pendingFile(long generation) {
    return generationsDir.resolve(generation + ".pending.json");
  }

  static StorageFailureException storageFailure(Path file, String what, IOException e) {
    return new StorageFailureException(file, what + ": " + e + "; check the disk (free space, permissions) and "
        + "rerun", e);
  }

  private static String firstLine(Throwable e) {
    String text = String.valueOf(e == null ? null : e.getMessage());
    int newline = text.indexOf('\n');
    return newline < 0 ? text : text.substring(0, newline);
  }

  private static String abbreviate(String text) {
    String line = text.replaceAll("\\p{Cntrl}", "?");
    return line.length() <= 40 ? line : line.substring(0, 40) + "...";
  }

  private static void atomicWrite(Path target, byte[] content) throws IOException {
    Path temp = target.resolveSibling(target.getFileName() + ".tmp");
    Files.write(temp, content, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
        StandardOpenOption.WRITE);
    IOUtils.fsync(temp, false);
    Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    // the rename itself is durable only once the directory entry is synced
    IOUtils.fsync(target.getParent(), true);
  }
}
