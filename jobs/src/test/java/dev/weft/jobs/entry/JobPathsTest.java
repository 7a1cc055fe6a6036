package dev.weft.jobs.entry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The jobs' path options as Beam resources: a file: URI and a plain path name the same file; others by name. */
class JobPathsTest {
  @TempDir Path tmp;

  @Test
  void aFileUriAndAPlainPathNameTheSameLocalPath() {
    Path dir = tmp.resolve("a b").toAbsolutePath();

    assertThat(JobMain.localPath(dir.toUri().toString(), "--index")).isEqualTo(dir);
    assertThat(JobMain.localPath(dir.toString(), "--index")).isEqualTo(dir);
    assertThat(JobMain.localPath(dir + "/", "--index")).isEqualTo(dir);
    assertThat(JobMain.resource(dir.toUri().toString(), "--index").getScheme()).isEqualTo("file");
  }

  @Test
  void refusalsNameTheOptionAndTheValue() {
    assertThatThrownBy(() -> JobMain.localPath("s3://bucket/work", "--work"))
        .hasMessage("--work must be a local path or a file: URI, got: s3://bucket/work; the driver reads and "
            + "publishes it on its own disk");
    assertThatThrownBy(() -> JobMain.resource("nope://x/y", "--report"))
        .hasMessageStartingWith("--report nope://x/y: ").hasMessageContaining("nope")
        .hasMessageEndingWith("add the Beam FileSystem module of that scheme to the class path");
    assertThatThrownBy(() -> JobMain.localPath(" ", "--program")).hasMessage("--program must be a local path or a "
        + "file: URI, got:  ; the driver reads and publishes it on its own disk");
  }
}
