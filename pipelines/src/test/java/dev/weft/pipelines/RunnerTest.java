package dev.weft.pipelines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class RunnerTest {
  @Test
  void everySpellingOfEveryRunnerParses() {
    assertThat(List.of("auto", "AUTO").stream().map(Runner::parse)).containsOnly(Runner.AUTO);
    assertThat(List.of("inprocess", "in-process", "in_process", "InProcess").stream().map(Runner::parse))
        .containsOnly(Runner.INPROCESS);
    assertThat(List.of("direct", "DirectRunner", "directrunner").stream().map(Runner::parse))
        .containsOnly(Runner.DIRECT);
    assertThat(List.of("flink", "FlinkRunner", " flink ").stream().map(Runner::parse)).containsOnly(Runner.FLINK);
    for (Runner runner : Runner.values()) {
      assertThat(Runner.parse(runner.id())).isEqualTo(runner);
    }
  }

  @Test
  void anUnknownRunnerIsRefusedWithTheValueAndTheChoices() {
    assertThatThrownBy(() -> Runner.parse("spark"))
        .hasMessage("runner must be one of auto, inprocess, direct (DirectRunner), flink (FlinkRunner); got: spark");
  }

  @Test
  void aProgramNamesItsRunner() {
    assertThat(Runner.parseExplicit("in-process")).isEqualTo(Runner.INPROCESS);
    assertThatThrownBy(() -> Runner.parseExplicit("auto"))
        .hasMessage("runner must be one of inprocess, direct (DirectRunner), flink (FlinkRunner); got: auto");
    assertThatThrownBy(() -> Runner.parseExplicit("spark"))
        .hasMessage("runner must be one of inprocess, direct (DirectRunner), flink (FlinkRunner); got: spark");
  }

  @Test
  void autoPicksFlinkAtTheThreshold() {
    assertThat(Runner.AUTO.resolve(19, 20)).isEqualTo(Runner.INPROCESS);
    assertThat(Runner.AUTO.resolve(20, 20)).isEqualTo(Runner.FLINK);
    assertThat(Runner.DIRECT.resolve(1_000_000, 20)).isEqualTo(Runner.DIRECT);
  }

  @Test
  void theBeamRunnersOwnTheirArguments() {
    assertThat(Runner.DIRECT.beamArgs(List.of("--x=1"))).containsExactly("--runner=DirectRunner", "--x=1");
    assertThat(Runner.FLINK.beamArgs(List.of())).containsExactly("--runner=FlinkRunner", "--flinkMaster=[local]");
    assertThat(Runner.FLINK.beamArgs(List.of("--flinkMaster=jm:8081", "--parallelism=2")))
        .containsExactly("--runner=FlinkRunner", "--flinkMaster=jm:8081", "--parallelism=2");
    assertThat(Runner.FLINK.isBeam()).isTrue();
    assertThat(Runner.INPROCESS.isBeam()).isFalse();
    assertThatThrownBy(() -> Runner.INPROCESS.beamArgs(List.of()))
        .hasMessage("the inprocess runner has no Beam arguments");
    assertThatThrownBy(() -> Runner.AUTO.beamArgs(List.of())).isInstanceOf(IllegalStateException.class);
  }
}
