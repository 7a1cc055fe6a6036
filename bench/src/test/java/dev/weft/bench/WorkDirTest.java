package dev.weft.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.ScratchDirs;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a bench runs, and what is left of it afterwards. */
class WorkDirTest {
  @TempDir Path tmp;
  final StringWriter printed = new StringWriter();
  final PrintWriter out = new PrintWriter(printed, true);

  /** Writes a file into its work directory, then ends with {@code exit} or throws. */
  static final class Probe implements Bench {
    final AtomicReference<Path> ranIn = new AtomicReference<>();
    final int exit;
    final boolean fail;

    Probe(int exit, boolean fail) {
      this.exit = exit;
      this.fail = fail;
    }

    @Override
    public String name() {
      return "probe";
    }

    @Override
    public int run(Path work, PrintWriter out) throws IOException {
      ranIn.set(work);
      Files.writeString(work.resolve("figures.tsv"), "x\t1\n");
      if (fail) {
        throw new UncheckedIOException(new IOException("disk full"));
      }
      return exit;
    }
  }

  @Test
  void aTemporaryScratchDirectoryIsDeletedWhateverTheOutcome() throws Exception {
    Probe clean = new Probe(0, false);
    Probe failed = new Probe(0, true);

    assertThat(WorkDir.scratch(null, "weft-test-bench").run(clean, out)).isZero();
    assertThatThrownBy(() -> WorkDir.scratch(null, "weft-test-bench").run(failed, out)).hasMessageContaining("disk full");

    assertThat(clean.ranIn.get()).doesNotExist();
    assertThat(failed.ranIn.get()).doesNotExist();
    assertThat(printed.toString()).isEmpty();
  }

  @Test
  void aGivenDirectoryIsCreatedAndKept() throws Exception {
    Path given = tmp.resolve("a/b");

    assertThat(WorkDir.scratch(given, "weft-test-bench").run(new Probe(0, false), out)).isZero();

    assertThat(given.resolve("figures.tsv")).exists();
  }

  @Test
  void evidenceIsDeletedAfterACleanRunAndKeptAndNamedOtherwise() throws Exception {
    Probe clean = new Probe(0, false);
    Probe counted = new Probe(1, false);
    Probe failed = new Probe(0, true);

    assertThat(WorkDir.evidence(null, "weft-test-chaos").run(clean, out)).isZero();
    assertThat(WorkDir.evidence(null, "weft-test-chaos").run(counted, out)).isEqualTo(1);
    assertThatThrownBy(() -> WorkDir.evidence(null, "weft-test-chaos").run(failed, out));

    assertThat(clean.ranIn.get()).doesNotExist();
    assertThat(counted.ranIn.get().resolve("figures.tsv")).exists();
    assertThat(failed.ranIn.get().resolve("figures.tsv")).exists();
    assertThat(printed.toString()).isEqualTo("probe: work directory kept: " + counted.ranIn.get() + "\n"
        + "probe: work directory kept: " + failed.ranIn.get() + "\n");
    ScratchDirs.deleteOrFail(counted.ranIn.get());
    ScratchDirs.deleteOrFail(failed.ranIn.get());
  }

  @Test
  void givenEvidenceMustBeEmptyOrAbsentAndIsAlwaysNamed() throws Exception {
    Path full = Files.createDirectories(tmp.resolve("full"));
    Files.writeString(full.resolve("notes.txt"), "mine");
    Path empty = Files.createDirectories(tmp.resolve("empty"));

    assertThatThrownBy(() -> WorkDir.evidence(full, "weft-test-chaos"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--work must be an empty or absent directory, got: " + full);
    assertThat(WorkDir.evidence(empty, "weft-test-chaos").run(new Probe(0, false), out)).isZero();

    assertThat(full.resolve("notes.txt")).hasContent("mine");
    assertThat(empty.resolve("figures.tsv")).exists();
    assertThat(printed.toString()).isEqualTo("probe: work directory kept: " + empty + "\n");
  }
}
