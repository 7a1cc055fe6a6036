package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.IndexLocation;
import dev.weft.index.CorpusIndex;
import dev.weft.index.IndexUpdate;
import dev.weft.index.UpdateOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Busy, damaged and I/O failures of the index layer through the CLI: one stderr line each and the exit code. */
class IndexFailuresCliTest {
  @TempDir Path tmp;
  Path root;
  Path indexDir;
  String index;

  @BeforeEach
  void setUp() throws IOException {
    root = GoldenCorpusTest.copy(GoldenCorpusTest.GOLDEN, tmp.resolve("corpus"));
    indexDir = tmp.resolve("index");
    index = indexDir.toString();
    assertThat(CliRun.of("index", root.toString(), "--index", index, "--quiet").exit()).isZero();
  }

  private static void oneLine(CliRun run, int exit, String... contains) {
    assertThat(run.exit()).as(run.err()).isEqualTo(exit);
    assertThat(run.err().lines()).hasSize(1);
    assertThat(run.err()).startsWith("weft: ").contains(contains);
  }

  private CliRun index(String... more) {
    String[] args = Stream.concat(Stream.of("index", root.toString(), "--index", index, "--quiet"), Stream.of(more))
        .toArray(String[]::new);
    return CliRun.of(args);
  }

  @Test
  void everyWritingCommandIsBusyWhileAnotherRunHoldsTheLock() {
    String lock = indexDir.resolve("lucene/write.lock").toString();
    try (CorpusIndex other = CorpusIndex.open(IndexLocation.of(indexDir));
        IndexUpdate running = other.beginUpdate(UpdateOptions.of(root.toString(), "other-run"))) {
      oneLine(index("--force"), 3, "another run holds " + lock, "--wait SECONDS");
      oneLine(index("--force", "--wait", "0"), 3, lock);
      oneLine(CliRun.of("rollback", "1", "--index", index), 3, "cannot roll back to generation 1", lock);
      oneLine(CliRun.of("embed-missing", "--embedder", "hash:8", "--index", index), 3, lock);
      oneLine(CliRun.of("check", "--index", index), 3, lock);
      // readers are never blocked
      assertThat(CliRun.of("recall", "token bucket", "--index", index).exit()).isZero();
    }
    assertThat(CliRun.of("rollback", "1", "--index", index, "--wait", "5").exit()).isZero();
  }

  @Test
  void aStagingSchemeWithoutABeamFileSystemIsBadInputNamingTheModuleToAdd() {
    oneLine(index("--force", "--runner", "direct", "--staging", "gs://bucket/weft"), 2,
        "no Beam FileSystem for scheme \"gs\"", "beam-sdks-java-extensions-google-cloud-platform-core");
  }

  @Test
  void aBeamOptionTheRunSetsItselfOrThatNoModuleDeclaresIsBadInputBeforeThePlan() {
    oneLine(index("--force", "--runner", "direct", "--beam-option", "root=/elsewhere"), 2,
        "a run's Beam options must be other than", "--root=/elsewhere");
    oneLine(index("--force", "--runner", "direct", "--beam-option", "frobnicate=1"), 2,
        "missing a property named 'frobnicate'", "docs/operations.md");
  }

  @Test
  void aCurrentNamingNoKeptGenerationFailsTheCheckNamingTheWayOut() throws IOException {
    Files.writeString(indexDir.resolve("CURRENT"), "99\n");

    CliRun check = CliRun.of("check", "--index", index);

    oneLine(check, 4, indexDir.resolve("CURRENT") + " names generation 99", "kept generations: [1]",
        "`weft rollback 1`");
    assertThat(check.out()).startsWith("current\tdamaged: ");
    assertThat(CliRun.of("rollback", "1", "--index", index).exit()).isZero();
    assertThat(CliRun.of("check", "--index", index).exit()).isZero();
  }

  @Test
  void aMissingCurrentNamesRollbackAndRollbackWorks() throws IOException {
    Files.delete(indexDir.resolve("CURRENT"));

    oneLine(CliRun.of("recall", "token bucket", "--index", index), 4, indexDir.resolve("CURRENT") + " is missing",
        "`weft rollback 1`");
    oneLine(index(), 4, "`weft rollback 1`");
    CliRun generations = CliRun.of("generations", "--index", index);
    assertThat(generations.out()).startsWith(" \t1\t");
    oneLine(generations, 4, "`weft rollback 1`");

    assertThat(CliRun.of("rollback", "1", "--index", index).exit()).isZero();
    assertThat(CliRun.of("recall", "token bucket", "--index", index).exit()).isZero();
  }

  @Test
  void aGarbageCurrentIsDamaged() throws IOException {
    Files.writeString(indexDir.resolve("CURRENT"), "not a number");

    oneLine(CliRun.of("stats", "--index", index), 4, "must hold a generation number, got: 'not a number'",
        "`weft rollback 1`");
    oneLine(CliRun.of("check", "--index", index), 4, "");
    assertThat(CliRun.of("rollback", "1", "--index", index).exit()).isZero();
    CliRun check = CliRun.of("check", "--index", index);
    assertThat(check.exit()).isZero();
    assertThat(check.out()).startsWith("current\t1\n").contains("1\tstatus\tok\n");
  }

  @Test
  void aMissingSegmentFileIsDamagedAndForceRebuilds() throws IOException {
    Path cfs;
    try (Stream<Path> files = Files.list(indexDir.resolve("lucene"))) {
      cfs = files.filter(f -> f.toString().endsWith(".cfs") || f.toString().endsWith(".fdt")).findFirst()
          .orElseThrow();
    }
    Files.delete(cfs);

    oneLine(CliRun.of("recall", "token bucket", "--index", index), 4, cfs.getFileName() + " is missing",
        "`weft index --rebuild`");
    oneLine(index(), 4, cfs.getFileName() + " is missing");
    CliRun check = CliRun.of("check", "--index", index);
    assertThat(check.exit()).isEqualTo(4);
    assertThat(check.out()).contains("1\tstatus\tdamaged\n").contains(cfs.getFileName().toString());

    CliRun force = index("--force");
    assertThat(force.exit()).as(force.err()).isZero();
    assertThat(force.out()).contains("published generation 2").contains("note\trebuilt as a fresh generation line");
    assertThat(CliRun.of("recall", "token bucket", "--index", index).exit()).isZero();
  }

  @Test
  void aFullDiskAtPublishIsAnIoFailureAndTheServedGenerationStays() throws IOException {
    Files.writeString(root.resolve("docs/new.md"), "# New\n\nquokka\n");
    // the manifest of generation 2 is written through this temp file: a full disk answers ENOSPC
    Path temp = indexDir.resolve("generations/2.pending.json.tmp");
    Files.createSymbolicLink(temp, Path.of("/dev/full"));

    oneLine(index(), 5, "No space left on device", "the served generation is unchanged");
    assertThat(CliRun.of("recall", "quokka", "--index", index).exit()).isEqualTo(1);

    Files.delete(temp); // space freed
    assertThat(index().exit()).isZero();
    assertThat(CliRun.of("recall", "quokka", "--index", index).exit()).isZero();
  }

  @Test
  void aFileWhereADirectoryBelongsIsBadInput() throws IOException {
    Path file = Files.writeString(tmp.resolve("a-file"), "x");

    oneLine(CliRun.of("recall", "x", "--index", file.toString()), 2, "--index must be an index directory, got a file: "
        + file);
    oneLine(CliRun.of("index", root.toString(), "--index", file.toString()), 2, "got a file: " + file);
    oneLine(CliRun.of("export", "--out", file.toString(), "--index", index), 2, "--out must be a directory, "
        + "got a file: " + file);
  }
}
