package dev.weft.pipelines.ingest;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.DeadLetter;
import dev.weft.context.ScratchDirs;
import dev.weft.transforms.beam.WriteIndexShards;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/** The staging directory of a Beam ingest run: clearing the outputs it owns, and reading them back. */
final class IngestPipelineStaging {
  private static final Pattern SHARD_DIR = Pattern.compile(Pattern.quote(WriteIndexShards.SHARD_DIR_PREFIX) + "(\\d{1,9})");

  private IngestPipelineStaging() {}

  /** Removes earlier {@code shard-*} and dead-letter outputs; anything else in the directory is left alone. */
  static void clear(Path staging) throws IOException {
    Files.createDirectories(staging);
    for (Path entry : list(staging)) {
      String name = entry.getFileName().toString();
      if (SHARD_DIR.matcher(name).matches() || name.equals(IngestPipeline.DEAD_LETTER_DIR)
          || name.equals(IngestPipeline.EMBED_FAILURE_DIR)) {
        ScratchDirs.delete(entry);
      }
    }
  }

  /** The {@code shard-<k>} directories holding a Lucene commit, in shard order. */
  static List<Path> shardDirs(Path staging) throws IOException {
    List<Path> dirs = new ArrayList<>();
    for (Path entry : list(staging)) {
      if (SHARD_DIR.matcher(entry.getFileName().toString()).matches() && Files.isDirectory(entry)
          && hasCommit(entry)) {
        dirs.add(entry);
      }
    }
    dirs.sort(Comparator.comparingInt(IngestPipelineStaging::shardNumber));
    return dirs;
  }

  /** Every dead letter in the JSONL files of {@code dir}, sorted by path then stage then reason. */
  static List<DeadLetter> deadLetters(Path dir, ObjectMapper json) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    List<DeadLetter> letters = new ArrayList<>();
    for (Path file : list(dir)) {
      String name = file.getFileName().toString();
      // Only finished files: a failed write may leave Beam's .temp-beam-* directory behind.
      if (!name.startsWith(IngestPipeline.DEAD_LETTER_PREFIX) || !name.endsWith(IngestPipeline.DEAD_LETTER_SUFFIX)) {
        continue;
      }
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        if (!line.isBlank()) {
          letters.add(json.readValue(line, DeadLetter.class));
        }
      }
    }
    letters.sort(Comparator.comparing(DeadLetter::path)
        .thenComparing(DeadLetter::stage)
        .thenComparing(DeadLetter::reason));
    return letters;
  }

  private static boolean hasCommit(Path dir) throws IOException {
    try (Directory directory = FSDirectory.open(dir)) {
      return DirectoryReader.indexExists(directory);
    }
  }

  private static int shardNumber(Path dir) {
    Matcher m = SHARD_DIR.matcher(dir.getFileName().toString());
    return m.matches() ? Integer.parseInt(m.group(1)) : Integer.MAX_VALUE;
  }

  private static List<Path> list(Path dir) throws IOException {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.toList();
    }
  }
}
