package dev.weft.pipelines.ingest;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.DeadLetter;
import dev.weft.context.IndexLocation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Writes a run's dead letters as JSONL in {@code <index>/deadletters/<generation>.jsonl}, whole or not at all. */
final class DeadLetterLog {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern GENERATION_LOG = Pattern.compile("gen-(\\d{1,18})\\.jsonl");

  private DeadLetterLog() {}

  /** The refused items' letters and the embedding failures', for one file. */
  static List<DeadLetter> concat(List<DeadLetter> refused, List<DeadLetter> embedFailures) {
    List<DeadLetter> all = new ArrayList<>(refused);
    all.addAll(embedFailures);
    return all;
  }

  static Path write(IndexLocation index, String runName, List<DeadLetter> letters) {
    if (letters.isEmpty()) {
      return null;
    }
    Path dir = index.resolve("deadletters");
    Path target = dir.resolve(runName + ".jsonl");
    try {
      Files.createDirectories(dir);
      Path tmp = Files.createTempFile(dir, runName, ".tmp");
      try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
        for (DeadLetter letter : letters.stream().sorted((a, b) -> a.path().compareTo(b.path())).toList()) {
          out.write(JSON.writeValueAsString(letter));
          out.write('\n');
        }
      }
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write dead letters to " + target, e);
    }
  }

  /** Deletes the logs of generations no longer kept: they go with their generation. */
  static void prune(IndexLocation index, Collection<Long> keptGenerations) {
    Path dir = index.resolve("deadletters");
    if (!Files.isDirectory(dir)) {
      return;
    }
    List<Path> logs;
    try (Stream<Path> files = Files.list(dir)) {
      logs = files.toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
    for (Path log : logs) {
      Matcher m = GENERATION_LOG.matcher(log.getFileName().toString());
      if (m.matches() && !keptGenerations.contains(Long.parseLong(m.group(1)))) {
        try {
          Files.deleteIfExists(log);
        } catch (IOException e) {
          throw new UncheckedIOException("cannot delete the dead letters " + log + " of a pruned generation", e);
        }
      }
    }
  }
}
