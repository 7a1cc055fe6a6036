package dev.weft.transforms.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.ContentHash;
import dev.weft.context.FileState;
import dev.weft.context.Kind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChangePlannerTest {
  private static final String STAMP = "chunkers-test";

  @TempDir Path root;

  private final ChangePlanner planner = new ChangePlanner(STAMP);

  @Test
  void newFilesAreAddedAndVanishedOnesRemoved() throws IOException {
    ListedFile a = write("a.md", "alpha");
    Map<String, FileState> indexed = Map.of("gone.md", state("gone.md", "x", 1, 1, STAMP));

    ChangeSet plan = planner.plan(root, List.of(a), indexed, PathScope.all(), false);

    assertThat(plan.added()).containsExactly("a.md");
    assertThat(plan.removed()).containsExactly("gone.md");
    assertThat(plan.updated()).isEmpty();
  }

  @Test
  void sameStatIsSkippedWithoutReading() throws IOException {
    ListedFile a = write("a.md", "alpha");
    // the recorded hash is wrong on purpose: equal (mtime, size) must not even look at the content
    Map<String, FileState> indexed = Map.of("a.md", state("a.md", "not-the-hash", a.mtimeMillis(), a.size(), STAMP));

    ChangeSet plan = planner.plan(root, List.of(a), indexed, PathScope.all(), false);

    assertThat(plan.isNoOp()).isTrue();
    assertThat(plan.unchanged()).isEqualTo(1);
  }

  @Test
  void aPathListedTwiceCannotHideARemoval() throws IOException {
    ListedFile a = write("a.md", "alpha");
    Map<String, FileState> indexed = Map.of("a.md", state("a.md", "h", a.mtimeMillis(), a.size(), STAMP),
        "gone.md", state("gone.md", "x", 1, 1, STAMP));

    // as many listed paths found as the index holds, yet one of them twice: gone.md must still go
    ChangeSet plan = planner.plan(root, List.of(a, a), indexed, PathScope.all(), false);

    assertThat(plan.removed()).containsExactly("gone.md");
  }

  @Test
  void everyIndexedPathListedRemovesNothing() throws IOException {
    ListedFile a = write("a.md", "alpha");
    ListedFile b = write("b.md", "beta");
    Map<String, FileState> indexed = Map.of("a.md", state("a.md", "h", a.mtimeMillis(), a.size(), STAMP),
        "b.md", state("b.md", "h", b.mtimeMillis(), b.size(), STAMP));

    assertThat(planner.plan(root, List.of(a, b), indexed, PathScope.all(), false).isNoOp()).isTrue();
    assertThat(planner.plan(root, List.of(b, a), indexed, PathScope.all(), false).isNoOp()).isTrue();
  }

  @Test
  void touchedButSameContentOnlyRewritesTheState() throws IOException {
    ListedFile a = write("a.md", "alpha");
    String hash = ContentHash.of("alpha".getBytes(StandardCharsets.UTF_8));
    Map<String, FileState> indexed = Map.of("a.md", state("a.md", hash, a.mtimeMillis() - 5000, a.size(), STAMP));

    ChangeSet plan = planner.plan(root, List.of(a), indexed, PathScope.all(), false);

    assertThat(plan.toChunk()).isEmpty();
    assertThat(plan.touched()).extracting(FileState::mtimeMillis).containsExactly(a.mtimeMillis());
  }

  @Test
  void changedContentIsUpdated() throws IOException {
    ListedFile a = write("a.md", "alpha");
    Map<String, FileState> indexed = Map.of("a.md", state("a.md", "old", a.mtimeMillis() - 5000, a.size(), STAMP));

    assertThat(planner.plan(root, List.of(a), indexed, PathScope.all(), false).updated()).containsExactly("a.md");
  }

  @Test
  void forceAndAnotherChunkerStampRechunk() throws IOException {
    ListedFile a = write("a.md", "alpha");
    ListedFile b = write("b.md", "beta");
    Map<String, FileState> indexed = Map.of(
        "a.md", state("a.md", "h", a.mtimeMillis(), a.size(), STAMP),
        "b.md", state("b.md", "h", b.mtimeMillis(), b.size(), "chunkers-0"));

    assertThat(planner.plan(root, List.of(a, b), indexed, PathScope.all(), false).updated())
        .containsExactly("b.md");
    assertThat(planner.plan(root, List.of(a, b), indexed, PathScope.all(), true).updated())
        .containsExactly("a.md", "b.md");
  }

  @Test
  void aScopedPassNeverTouchesOrDeletesOutsideItsScope() throws IOException {
    ListedFile inside = write("docs/new.md", "n");
    ListedFile outside = write("src/new.md", "n");
    Map<String, FileState> indexed = Map.of(
        "docs/gone.md", state("docs/gone.md", "h", 1, 1, STAMP),
        "src/gone.md", state("src/gone.md", "h", 1, 1, STAMP),
        "docsify.md", state("docsify.md", "h", 1, 1, STAMP));

    ChangeSet plan = planner.plan(root, List.of(inside, outside), indexed, new PathScope(List.of("docs/")), false);

    assertThat(plan.added()).containsExactly("docs/new.md");
    assertThat(plan.removed()).containsExactly("docs/gone.md");
  }

  @Test
  void aFileRefusedAsUnreadableIsRetriedOnceItCanBeReadThoughItsStatIsTheSame() throws IOException {
    ListedFile a = write("a.md", "alpha"); // chmod u+r changes neither mtime nor size
    Map<String, FileState> indexed = Map.of("a.md", state("a.md", "refused:unreadable", a.mtimeMillis(), a.size(),
        STAMP));
    Set<Path> readableNow = new HashSet<>();
    ChangePlanner planner = new ChangePlanner(STAMP, readableNow::contains);

    assertThat(planner.plan(root, List.of(a), indexed, PathScope.all(), false).isNoOp())
        .as("still unreadable: a no-op pass stays a no-op").isTrue();

    readableNow.add(root.resolve("a.md"));
    assertThat(planner.plan(root, List.of(a), indexed, PathScope.all(), false).updated()).containsExactly("a.md");
  }

  @Test
  void otherRefusalsWaitForTheStatToChange() throws IOException {
    ListedFile a = write("a.md", "alpha");
    ChangePlanner planner = new ChangePlanner(STAMP, path -> true);
    for (String reason : List.of("binary", "undecodable", "too_large")) {
      Map<String, FileState> indexed = Map.of("a.md", state("a.md", "refused:" + reason, a.mtimeMillis(), a.size(),
          STAMP));

      assertThat(planner.plan(root, List.of(a), indexed, PathScope.all(), false).isNoOp()).as(reason).isTrue();
    }
  }

  private ListedFile write(String path, String content) throws IOException {
    Path file = root.resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
    return new ListedFile(path, Files.getLastModifiedTime(file).toMillis(), Files.size(file));
  }

  private static FileState state(String path, String hash, long mtime, long size, String stamp) {
    return new FileState(path, Kind.DOC, "markdown", mtime, size, hash, stamp, 1);
  }
}
