package dev.weft.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.IndexLocation;
import dev.weft.index.CorpusIndex;
import dev.weft.models.EmbedderSpecs;
import dev.weft.pipelines.ingest.IngestReport;
import dev.weft.pipelines.ingest.IngestRequest;
import dev.weft.pipelines.ingest.Ingester;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checks the suite runs after each cycle, on a real index built in this JVM. */
class IndexChecksTest {
  @TempDir Path tmp;
  Path index;
  Path tmpDir;
  ChaosCorpus corpus;

  @BeforeEach
  void setUp() throws IOException {
    corpus = new ChaosCorpus(tmp.resolve("corpus"), new Random(7));
    corpus.create(12);
    index = tmp.resolve("index");
    tmpDir = Files.createDirectories(tmp.resolve("child-tmp"));
    index(corpus.root(), index);
  }

  private static void index(Path root, Path index) {
    IngestReport report = new Ingester().run(IngestRequest.directory(root, IndexLocation.of(index))
        .embedder(EmbedderSpecs.parse("hash:16")).build());
    assertThat(report.published()).isTrue();
  }

  @Test
  void aWholeIndexPassesAndNothingIsLeaked() {
    corpus.mutate();
    index(corpus.root(), index);

    CommitChecks.Report report = CommitChecks.check(index);

    assertThat(report.failures()).isEmpty();
    assertThat(report.listed()).containsExactly(2L, 1L);
    assertThat(report.served()).isEqualTo(2);
    assertThat(LeakScan.scan(index, report.listed(), report.referencedFiles(), tmpDir, tmp.resolve("cache")))
        .isEmpty();
  }

  @Test
  void aKeptGenerationWithoutItsCommitOrWithADamagedFileFails() throws IOException {
    corpus.mutate();
    corpus.editOne();
    index(corpus.root(), index);
    CommitChecks.Report before = CommitChecks.check(index);
    Path lucene = index.resolve("lucene");
    // generation 1's commit point gone; a file of the served commit cut short
    Files.delete(lucene.resolve("segments_1"));
    Path victim = newestFile(lucene, ".cfs", ".fdt");
    Files.write(victim, new byte[] {1, 2, 3});

    List<String> failures = CommitChecks.check(index).failures();

    assertThat(before.failures()).isEmpty();
    assertThat(failures).hasSize(2);
    assertThat(failures.get(0)).startsWith("generation 2 (segments_").contains("CheckIndex");
    assertThat(failures.get(1)).isEqualTo("generation 1 names segments_1, which is not in " + lucene);
  }

  @Test
  void leaksAreTheFilesNothingReferences() throws IOException {
    CommitChecks.Report report = CommitChecks.check(index);
    Files.write(Files.createDirectories(index.resolve("staging/run-1")).resolve("shard-0"), new byte[10]);
    Files.write(index.resolve("CURRENT.tmp"), new byte[2]);
    Files.createDirectories(index.resolve("deadletters"));
    Files.write(index.resolve("deadletters/gen-1.jsonl"), new byte[5]); // kept: not a leak
    Files.write(index.resolve("deadletters/gen-0.jsonl"), new byte[7]);
    Files.write(index.resolve("lucene/_zz.cfs"), new byte[3]);
    Files.write(Files.createDirectories(tmpDir.resolve("onnxruntime-java1")).resolve("lib.so"), new byte[11]);
    Path cache = tmp.resolve("cache");
    Files.write(Files.createDirectories(cache.resolve("natives/abc123")).resolve("lib.so"), new byte[13]); // published
    Files.write(Files.createDirectories(cache.resolve("natives/.abc123-unpacking-9")).resolve("lib.so"), new byte[4]);

    List<LeakScan.Leak> leaks = LeakScan.scan(index, report.listed(), report.referencedFiles(), tmpDir, cache);

    List<String> found = new ArrayList<>();
    leaks.forEach(l -> found.add(index.getParent().relativize(l.path()) + " " + l.bytes()));
    assertThat(found).containsExactlyInAnyOrder("index/staging/run-1 10", "index/CURRENT.tmp 2",
        "index/deadletters/gen-0.jsonl 7", "index/lucene/_zz.cfs 3", "child-tmp/onnxruntime-java1 11",
        "cache/natives/.abc123-unpacking-9 4");
    assertThat(LeakScan.bytes(leaks)).isEqualTo(37);
  }

  @Test
  void aGenerationIsInSyncWithTheCorpusItWasBuiltFromUntilTheCorpusMoves() throws IOException {
    try (CorpusIndex opened = CorpusIndex.openExisting(IndexLocation.of(index))) {
      assertThat(IndexContents.outOfSync(opened.fileStates(), corpus.root(), corpus.files(), 10)).isEmpty();
      String edited = corpus.files().get(0);
      Files.writeString(corpus.root().resolve(edited), "changed\n");
      Files.writeString(corpus.root().resolve("docs/new-file.md"), "# new\n");
      List<String> files = new ArrayList<>(corpus.files());
      files.add("docs/new-file.md");
      String deleted = files.remove(1);

      assertThat(IndexContents.outOfSync(opened.fileStates(), corpus.root(), files, 10)).containsExactly(
          edited + " is indexed with content it no longer has", "docs/new-file.md is in the corpus but not indexed",
          deleted + " is indexed but was deleted");
    }
  }

  @Test
  void theFinalIndexIsHeldToAFreshBuild() {
    corpus.mutate();
    index(corpus.root(), index);
    Path fresh = tmp.resolve("fresh");
    index(corpus.root(), fresh);
    assertThat(IndexContents.of(index).differencesFrom(IndexContents.of(fresh), 10)).isEmpty();

    corpus.editOne();
    index(corpus.root(), fresh);

    List<String> differences = IndexContents.of(index).differencesFrom(IndexContents.of(fresh), 10);
    assertThat(differences).isNotEmpty().allMatch(d -> d.startsWith("file ") || d.startsWith("chunk "));
  }

  private static Path newestFile(Path dir, String... suffixes) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> Set.of(suffixes).stream().anyMatch(s -> f.toString().endsWith(s)))
          .max((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString())).orElseThrow();
    }
  }
}
