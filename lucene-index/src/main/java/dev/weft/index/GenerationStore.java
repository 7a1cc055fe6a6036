package dev.weft.index;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.lucene.util.IOUtils;

/**
 * The generation manifests ({@code generations/<gen>.json}) and the {@code CURRENT} pointer. Every
 * file is written whole to a temp file, synced, then renamed atomically, so a reader sees either
 * the old or the new content.
 */
final class GenerationStore {
  static final String CURRENT = "CURRENT";
  static final String GENERATIONS = "generations";
  private static final Pattern MANIFEST_NAME = Pattern.compile("(\\d+)\\.json");
  private static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          // a newer Weft may add fields; an older one still reads the generation
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private final Path indexDir;
  private final Path generationsDir;
  private final Path currentFile;

  GenerationStore(Path indexDir) {
    this.indexDir = indexDir;
    this.generationsDir = indexDir.resolve(GENERATIONS);
    this.currentFile = indexDir.resolve(CURRENT);
  }

  /** The generation {@code CURRENT} names, if anything was ever published. */
  Optional<Long> currentGeneration() {
    String text;
    try {
      text = Files.readString(currentFile, StandardCharsets.UTF_8).trim();
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + currentFile, e);
    }
    try {
      return Optional.of(Long.parseLong(text));
    } catch (NumberFormatException e) {
      throw new IllegalStateException(
          currentFile + " must hold a generation number, got: '" + text + "'", e);
    }
  }

  Optional<GenerationManifest> current() {
    return currentGeneration().map(this::read);
  }

  GenerationManifest read(long generation) {
    Path file = manifestFile(generation);
    try {
      return JSON.readValue(file.toFile(), GenerationManifest.class);
    } catch (IOException e) {
      if (!Files.exists(file)) {
        throw new IllegalStateException("generation " + generation + " has no manifest at " + file
            + "; kept generations: " + generationNumbers(), e);
      }
      throw new UncheckedIOException("cannot read manifest " + file, e);
    }
  }

  Optional<GenerationManifest> find(long generation) {
    return Files.exists(manifestFile(generation)) ? Optional.of(read(generation)) : Optional.empty();
  }

  /** Kept manifests, newest generation first. */
  List<GenerationManifest> list() {
    List<GenerationManifest> manifests = new ArrayList<>();
    for (long generation : generationNumbers()) {
      manifests.add(read(generation));
    }
    return manifests;
  }

  /** Generation numbers of the kept manifests, newest first. */
  List<Long> generationNumbers() {
    if (!Files.isDirectory(generationsDir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(generationsDir)) {
      return files
          .map(file -> MANIFEST_NAME.matcher(file.getFileName().toString()))
          .filter(Matcher::matches)
          .map(m -> Long.parseLong(m.group(1)))
          .sorted(Comparator.reverseOrder())
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + generationsDir, e);
    }
  }

  /** Never reuses a number, even after a rollback: one past every kept or current generation. */
  long nextGeneration() {
    long newest = generationNumbers().stream().findFirst().orElse(0L);
    return Math.max(newest, currentGeneration().orElse(0L)) + 1;
  }

  void write(GenerationManifest manifest) {
    try {
      Files.createDirectories(generationsDir);
      atomicWrite(manifestFile(manifest.generation()), JSON.writeValueAsBytes(manifest));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write manifest of generation " + manifest.generation(), e);
    }
  }

  /** Points {@code CURRENT} at a generation in one atomic rename. */
  void point(long generation) {
    try {
      atomicWrite(currentFile, (generation + "\n").getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot point " + currentFile + " at generation " + generation, e);
    }
  }

  /**
   * Deletes the manifests of all but the {@code keep} newest generations, never the one
   * {@code CURRENT} names; returns the kept manifests, newest first.
   */
  List<GenerationManifest> prune(int keep) {
    long current = currentGeneration().orElse(-1L);
    List<GenerationManifest> kept = new ArrayList<>();
    for (GenerationManifest manifest : list()) {
      if (kept.size() < keep || manifest.generation() == current) {
        kept.add(manifest);
      } else {
        try {
          Files.delete(manifestFile(manifest.generation()));
        } catch (IOException e) {
          throw new UncheckedIOException("cannot prune manifest of generation " + manifest.generation(), e);
        }
      }
    }
    return kept;
  }

  Path indexDir() {
    return indexDir;
  }

  private Path manifestFile(long generation) {
    return generationsDir.resolve(generation + ".json");
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
