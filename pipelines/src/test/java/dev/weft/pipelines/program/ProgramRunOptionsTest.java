package dev.weft.pipelines.program;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.pipelines.ingest.beam.OptionArgs;
import dev.weft.pipelines.program.beam.ProgramRunOptions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The program pipeline's locations are typed URIs like the ingest's (docs/operations.md, "Pipeline options"). */
class ProgramRunOptionsTest {
  @Test
  void aPlainPathAndAFileUriAreTheSameLocation() {
    ProgramRunOptions plain = OptionArgs.parse(new String[] {"--source=/data/my set.jsonl", "--results=/data/store",
        "--output=/data/out"}, ProgramRunOptions.class);
    ProgramRunOptions byUri = OptionArgs.parse(new String[] {"--source=file:///data/my%20set.jsonl",
        "--results=file:///data/store", "--output=file:///data/out"}, ProgramRunOptions.class);

    assertThat(plain.getSource()).isEqualTo(byUri.getSource()).hasToString("file:///data/my%20set.jsonl");
    assertThat(plain.getResults()).isEqualTo(byUri.getResults());
    assertThat(plain.getOutput()).isEqualTo(byUri.getOutput());
  }

  @ParameterizedTest
  @ValueSource(strings = {"source", "results", "output"})
  void aValueThatIsNotAUriIsOneLineNamingTheOption(String option) {
    String[] args = Stream.of("source", "results", "output")
        .map(name -> "--" + name + "=" + (name.equals(option) ? "file:///a b" : "/" + name)).toArray(String[]::new);

    assertThatThrownBy(() -> OptionArgs.parse(args, ProgramRunOptions.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("--" + option + ": ")
        .hasMessageContaining("not a URI")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }
}
