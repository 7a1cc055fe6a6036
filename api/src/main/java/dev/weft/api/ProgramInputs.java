package dev.weft.api;

import dev.weft.agents.program.Piece;
import dev.weft.context.DeadLetter;
import dev.weft.context.IndexLocation;
import dev.weft.context.error.StorageFailureException;
import dev.weft.index.ChunkScan;
import dev.weft.transforms.dataset.DatasetRecord;
import dev.weft.transforms.dataset.DatasetRecords;
import dev.weft.transforms.dataset.RecordOutcome;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Reads a program run's source into pieces (and, for a directory, slots) for the in-process runner. Every read is
 * bounded: at most {@link #MAX_PIECES} pieces and {@link #MAX_TOTAL_CHARS} characters in all (more belongs on the
 * Beam runner), and a refused input is a dead letter with its reason, never silently dropped.
 */
final class ProgramInputs {
  /** Pieces an in-process run takes (the environment's own cap on one chunking). */
  static final int MAX_PIECES = 100_000;
  /** Characters an in-process run holds in all. */
  static final long MAX_TOTAL_CHARS = 256L * 1024 * 1024;
  /** Largest file of an --env directory, in bytes. */
  static final long MAX_FILE_BYTES = 64L * 1024 * 1024;

  /** What a source gave: the pieces of {@code input}, the slots to put, and the refusals. */
  record Loaded(String source, List<Piece> pieces, Map<String, String> slots, List<DeadLetter> deadLetters) {}

  private ProgramInputs() {}

  static Loaded load(ProgramSource source) {
    if (source instanceof ProgramSource.EnvDir dir) {
      return envDir(dir.path());
    }
    if (source instanceof ProgramSource.Dataset dataset) {
      return dataset(dataset.path());
    }
    return index(IndexLocation.of(source.path()));
  }

  /** Each regular file a slot named by its relative path ({@code /}-separated) and a piece of input. */
  static Loaded envDir(Path dir) {
    Path root = dir.toAbsolutePath().normalize();
    if (!Files.isDirectory(root)) {
      throw new IllegalArgumentException("--env must be a directory, got: " + root + "; pass a directory whose "
          + "files become slots");
    }
    List<Path> files;
    try (Stream<Path> walk = Files.walk(root)) {
      files = walk.filter(p -> !p.equals(root)).sorted().toList();
    } catch (IOException | java.io.UncheckedIOException e) {
      throw new StorageFailureException(root, "cannot list --env directory " + root, e);
    }
    Map<String, String> slots = new LinkedHashMap<>();
    List<Piece> pieces = new ArrayList<>();
    List<DeadLetter> dead = new ArrayList<>();
    long total = 0;
    for (Path file : files) {
      String name = root.relativize(file).toString().replace('\\', '/');
      if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
        continue;
      }
      if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
        dead.add(new DeadLetter(name, "read", "not_regular", "a link or special file; slots are regular files"));
        continue;
      }
      if (name.contains("#")) {
        dead.add(new DeadLetter(name, "read", "bad_name", "a slot name may not contain '#' (piece addresses do)"));
        continue;
      }
      String text = readText(file, name, dead);
      if (text == null) {
        continue;
      }
      total += text.length();
      checkBounds(root, pieces.size() + 1, total);
      slots.put(name, text);
      pieces.add(new Piece(name, text));
    }
    return new Loaded(root.toString(), pieces, slots, dead);
  }

  /** Each valid record a piece addressed by its id, its text the title and body as ingest chunks them. */
  static Loaded dataset(Path file) {
    Path path = file.toAbsolutePath().normalize();
    DatasetRecords.check(path);
    List<Piece> pieces = new ArrayList<>();
    List<DeadLetter> dead = new ArrayList<>();
    long[] total = {0};
    DatasetRecords.read(path, outcome -> {
      if (outcome instanceof RecordOutcome.Valid valid) {
        DatasetRecord record = valid.record();
        total[0] += record.body().length();
        checkBounds(path, pieces.size() + 1, total[0]);
        pieces.add(new Piece(record.id(), record.body()));
      } else {
        dead.add(((RecordOutcome.Invalid) outcome).deadLetter());
      }
    });
    return new Loaded(path.toString(), pieces, Map.of(), dead);
  }

  /** Each chunk of the served generation a piece addressed by its chunk id ({@code path#n}). */
  static Loaded index(IndexLocation index) {
    Path dir = index.dir();
    List<Piece> pieces = new ArrayList<>();
    long[] total = {0};
    try (ChunkScan scan = ChunkScan.open(index)) {
      scan.forEach(entry -> {
        total[0] += entry.chunk().text().length();
        checkBounds(dir, pieces.size() + 1, total[0]);
        pieces.add(new Piece(entry.chunk().id(), entry.chunk().text()));
      });
    }
    return new Loaded(dir.toString(), pieces, Map.of(), List.of());
  }

  private static void checkBounds(Path source, int pieces, long chars) {
    if (pieces > MAX_PIECES || chars > MAX_TOTAL_CHARS) {
      throw new IllegalArgumentException(source + " holds more than an in-process run takes (" + MAX_PIECES
          + " pieces, " + MAX_TOTAL_CHARS + " characters); run it on Beam with --runner direct or --runner flink");
    }
  }

  private static String readText(Path file, String name, List<DeadLetter> dead) {
    try {
      long size = Files.size(file);
      if (size > MAX_FILE_BYTES) {
        dead.add(new DeadLetter(name, "read", "too_large", size + " bytes, the cap is " + MAX_FILE_BYTES));
        return null;
      }
      byte[] bytes = Files.readAllBytes(file);
      return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      dead.add(new DeadLetter(name, "read", "undecodable", "not UTF-8 text: " + e));
      return null;
    } catch (IOException e) {
      throw new StorageFailureException(file, "cannot read --env file " + file, e);
    }
  }
}
