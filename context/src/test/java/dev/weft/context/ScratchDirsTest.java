package dev.weft.context;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScratchDirsTest {
  @TempDir Path tmp;

  @Test
  void deletesATreeBottomUpAndToleratesAMissingOne() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("scratch/a/b"));
    Files.writeString(dir.resolve("f.txt"), "x");
    Files.writeString(tmp.resolve("scratch/g.txt"), "y");

    ScratchDirs.delete(tmp.resolve("scratch"));

    assertThat(tmp.resolve("scratch")).doesNotExist();
    ScratchDirs.delete(tmp.resolve("scratch")); // already gone: nothing to do
  }

  @Test
  void deletesALinkButNeverWhatItLeadsTo() throws IOException {
    Path outside = Files.createDirectories(tmp.resolve("outside"));
    Files.writeString(outside.resolve("keep.txt"), "kept");
    Path scratch = Files.createDirectories(tmp.resolve("scratch"));
    Files.createSymbolicLink(scratch.resolve("link"), outside);

    ScratchDirs.delete(scratch);

    assertThat(scratch).doesNotExist();
    assertThat(outside.resolve("keep.txt")).hasContent("kept");
  }

  @Test
  void createsAFreshEmptyDirectoryEachTime() throws IOException {
    Path a = ScratchDirs.create("weft-test-");
    Path b = ScratchDirs.create("weft-test-");
    try {
      assertThat(a).isEmptyDirectory().isNotEqualTo(b);
      assertThat(a.getFileName().toString()).startsWith("weft-test-");
    } finally {
      ScratchDirs.delete(a);
      ScratchDirs.delete(b);
    }
  }

  @Test
  void elapsedCountsWholeMillisecondsFromANanoTimeStart() {
    assertThat(Elapsed.millisSince(System.nanoTime() - 5_999_999)).isGreaterThanOrEqualTo(5);
    assertThat(Elapsed.millisSince(System.nanoTime())).isGreaterThanOrEqualTo(0);
  }
}
