package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.transforms.chunk.Formats;
import org.junit.jupiter.api.Test;

class FormatDefaultsTest {
  @Test
  void extensionsHelpListsTheRegistrysDefaults() {
    CliRun help = CliRun.of("help", "index");

    assertThat(help.exit()).isZero();
    assertThat(help.out().replaceAll("\\s+", " "))
        .contains("File extensions to index (default: java, py, js, mjs, cjs, ts, go, md, markdown, rst, txt).");
    assertThat(String.join(",", Formats.defaultExtensions()))
        .isEqualTo(".java,.py,.js,.mjs,.cjs,.ts,.go,.md,.markdown,.rst,.txt");
  }
}
