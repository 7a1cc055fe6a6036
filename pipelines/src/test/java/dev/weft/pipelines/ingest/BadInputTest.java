package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.IndexLocation;
import dev.weft.index.CorpusIndex;
import dev.weft.pipelines.Runner;
import dev.weft.transforms.ingest.OddFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad files are skipped with a named reason, counted, and listed in the run's dead-letter JSONL; the run completes. */
class BadInputTest {
  @TempDir Path tmp;

  static Path badCorpus(Path root, Path outside) throws IOException, InterruptedException {
    Corpora.copyGolden(root);
    Files.write(root.resolve("docs/binary.md"), new byte[] {'P', 'K', 3, 4, 0, 0, 1});
    Files.write(root.resolve("docs/latin1.txt"), new byte[] {'c', 'a', 'f', (byte) 0xE9, '\n'});
    Files.writeString(root.resolve("docs/huge.md"), "# Huge\n\n" + "word ".repeat(2000));
    Files.writeString(root.resolve("docs/empty.md"), "  \n\n");
    Files.writeString(outside.resolve("secret.md"), "# Secret\n\nnot for the index\n");
    Files.createSymbolicLink(root.resolve("docs/escape.md"), outside.resolve("secret.md"));
    Files.createSymbolicLink(root.resolve("docs/dangling.md"), root.resolve("docs/missing-target.md"));
    OddFiles.mkfifo(root.resolve("docs/pipe.md"));
    return root;
  }

  @Test
  void badFilesAreDeadLetteredCountedAndRemembered(@TempDir Path outside) throws Exception {
    Path root = badCorpus(tmp.resolve("corpus"), outside);
    Path indexDir = tmp.resolve("index");
    IngestRequest request = IngestRequest.directory(root, IndexLocation.of(indexDir)).runner(Runner.INPROCESS)
        .maxFileBytes(5000).build();

    IngestReport report = new Ingester().run(request);

    assertThat(report.counters()).containsEntry("added", 6L).containsEntry("empty", 1L)
        .containsEntry("skipped.binary", 1L).containsEntry("skipped.undecodable", 1L)
        .containsEntry("skipped.too_large", 1L).containsEntry("skipped.symlink_outside_root", 1L)
        .containsEntry("skipped.unreadable", 1L).containsEntry("skipped.special_file", 1L)
        .containsEntry("errors", 0L);
    assertThat(deadLetters(report.deadLetterFile())).containsExactlyEntriesOf(new TreeMap<>(Map.of(
        "docs/binary.md", "binary",
        "docs/dangling.md", "unreadable",
        "docs/escape.md", "symlink_outside_root",
        "docs/huge.md", "too_large",
        "docs/latin1.txt", "undecodable",
        "docs/pipe.md", "special_file")));
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir)); var searcher = index.searcher()) {
      assertThat(searcher.recall(dev.weft.context.RecallRequest.of("secret")).isEmpty()).isTrue();
    }

    IngestReport again = new Ingester().run(request);
    assertThat(again.published()).as("an unchanged refused file is not read again").isFalse();
  }

  @Test
  void anIndexedFileReplacedByAFifoIsRemovedAndDeadLetteredWithoutBlocking() throws Exception {
    Path root = Corpora.copyGolden(tmp.resolve("corpus"));
    Path indexDir = tmp.resolve("index");
    IngestRequest request = IngestRequest.directory(root, IndexLocation.of(indexDir)).runner(Runner.INPROCESS).build();
    new Ingester().run(request);
    Path file = root.resolve(FIFO_VICTIM);
    long size = Files.size(file);
    Files.delete(file);
    OddFiles.mkfifo(file);

    IngestReport report = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> new Ingester().run(request));

    assertThat(size).isPositive();
    assertThat(report.counters()).containsEntry("removed", 1L).containsEntry("skipped.special_file", 1L);
    assertThat(deadLetters(report.deadLetterFile())).containsExactlyEntriesOf(Map.of(FIFO_VICTIM, "special_file"));
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      assertThat(index.fileStates()).doesNotContainKey(FIFO_VICTIM);
    }
  }

  private static final String FIFO_VICTIM = "docs/guide.md";

  @Test
  void aFileRefusedAsUnreadableIsIndexedOnTheRunAfterChmod() throws Exception {
    Path root = Corpora.copyGolden(tmp.resolve("corpus"));
    Path file = root.resolve("docs/locked.md");
    Files.writeString(file, "# Locked\n\nkeyword quokka\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("---------"));
    assumeFalse(Files.isReadable(file), "the OS lets this user read a mode-000 file (root): nothing to test");
    Path indexDir = tmp.resolve("index");
    IngestRequest request = IngestRequest.directory(root, IndexLocation.of(indexDir)).runner(Runner.INPROCESS).build();
    assertThat(new Ingester().run(request).counters()).containsEntry("skipped.unreadable", 1L);
    assertThat(new Ingester().run(request).published()).as("still unreadable: a no-op").isFalse();

    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    IngestReport report = new Ingester().run(request);

    assertThat(report.counters()).containsEntry("updated", 1L).containsEntry("skipped.unreadable", 0L);
  }

  static Map<String, String> deadLetters(Path file) throws IOException {
    ObjectMapper json = new ObjectMapper();
    Map<String, String> reasons = new TreeMap<>();
    for (String line : Files.readAllLines(file)) {
      JsonNode node = json.readTree(line);
      assertThat(node.get("detail").asText()).isNotBlank();
      reasons.put(node.get("path").asText(), node.get("reason").asText());
    }
    return reasons;
  }

  static List<String> lines(Path file) throws IOException {
    return Files.readAllLines(file);
  }
}
