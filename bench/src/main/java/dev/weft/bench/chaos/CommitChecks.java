package dev.weft.bench.chaos;

import dev.weft.context.IndexLocation;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.index.CorpusIndex;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.index.CheckIndex;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.Lock;

/**
 * Invariant (c): every kept generation's Lucene commit exists and passes {@link CheckIndex}, and CURRENT names a
 * kept manifest. Run while no writer is running; it takes no lock, so readers may go on.
 */
final class CommitChecks {
  private CommitChecks() {}

  /**
   * @param listed kept generation numbers, newest first
   * @param served the generation CURRENT names
   * @param failures one line per kept generation that is missing its commit or fails CheckIndex
   * @param referencedFiles every file of the lucene/ directory a kept generation's commit references
   */
  record Report(List<Long> listed, long served, List<String> failures, Set<String> referencedFiles) {}

  static Report check(Path indexDir) {
    List<GenerationManifest> manifests;
    long served;
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      manifests = index.generations();
      served = index.current().map(GenerationManifest::generation).orElse(-1L);
    }
    List<String> failures = new ArrayList<>();
    List<Long> listed = manifests.stream().map(GenerationManifest::generation).toList();
    if (!listed.contains(served)) {
      failures.add("CURRENT names generation " + served + ", which has no manifest; kept: " + listed);
    }
    Set<String> referenced = new HashSet<>();
    Path lucene = indexDir.resolve("lucene");
    try (Directory dir = FSDirectory.open(lucene)) {
      List<IndexCommit> commits = DirectoryReader.listCommits(dir);
      for (GenerationManifest manifest : manifests) {
        IndexCommit commit = commits.stream().filter(c -> c.getGeneration() == manifest.luceneGeneration())
            .findFirst().orElse(null);
        if (commit == null) {
          failures.add("generation " + manifest.generation() + " names " + manifest.segmentsFileName()
              + ", which is not in " + lucene);
          continue;
        }
        referenced.addAll(commit.getFileNames());
        String problem = checkCommit(dir, commit.getSegmentsFileName());
        if (problem != null) {
          failures.add("generation " + manifest.generation() + " (" + commit.getSegmentsFileName() + "): " + problem);
        }
      }
    } catch (IOException e) {
      failures.add("cannot list the commits of " + lucene + ": " + e);
    }
    return new Report(listed, served, failures, referenced);
  }

  /** CheckIndex of one commit: null when clean, else what it reported. */
  static String checkCommit(Directory dir, String segmentsFileName) {
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    try (CheckIndex checker = new CheckIndex(new OneCommit(dir, segmentsFileName), NO_LOCK)) {
      checker.setInfoStream(new PrintStream(log, true, StandardCharsets.UTF_8));
      CheckIndex.Status status = checker.checkIndex();
      if (status.clean) {
        return null;
      }
      String text = log.toString(StandardCharsets.UTF_8);
      List<String> errors = text.lines().filter(l -> l.contains("ERROR") || l.contains("WARNING")).limit(3).toList();
      return "CheckIndex: not clean" + (errors.isEmpty() ? "" : ": " + String.join(" | ", errors).strip());
    } catch (IOException | RuntimeException e) {
      return "CheckIndex could not read it: " + e;
    }
  }

  /** The lucene directory as if {@code segmentsFileName} were its newest commit: CheckIndex checks the newest. */
  private static final class OneCommit extends FilterDirectory {
    private final String segmentsFileName;

    OneCommit(Directory in, String segmentsFileName) {
      super(in);
      this.segmentsFileName = segmentsFileName;
    }

    @Override
    public String[] listAll() throws IOException {
      return Arrays.stream(in.listAll())
          .filter(name -> !name.startsWith("segments_") || name.equals(segmentsFileName))
          .toArray(String[]::new);
    }
  }

  // CheckIndex only reads here (no -exorcise); the index's own write.lock belongs to the writers
  private static final Lock NO_LOCK = new Lock() {
    @Override
    public void close() {}

    @Override
    public void ensureValid() {}
  };
}
