package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.models.EmbedderSpecs;
import org.junit.jupiter.api.Test;

/** Every command that takes {@code --embedder} lists the registry's forms in its help, none written by hand. */
class EmbedderHelpTest {
  @Test
  void everyEmbedderOptionListsEveryProvidersForm() {
    for (String command : new String[] {"index", "recall", "embed-missing", "eval"}) {
      CliRun help = CliRun.of(command, "--help");

      assertThat(help.exit()).as(command).isZero();
      // picocli wraps long forms anywhere, so compare without whitespace
      String text = help.out().replaceAll("\\s+", "");
      for (String form : EmbedderSpecs.SYNTAX) {
        assertThat(text).as("%s --help lists %s", command, form).contains(form.replaceAll("\\s+", ""));
      }
    }
  }
}
