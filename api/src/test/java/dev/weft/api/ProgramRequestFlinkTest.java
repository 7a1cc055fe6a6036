package dev.weft.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.program.Subcall;
import dev.weft.pipelines.Runner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * A program run's Flink cluster options: they reach the program pipeline's Beam argv as given, and a runner other
 * than flink refuses them rather than running here what was meant for a cluster.
 */
class ProgramRequestFlinkTest {
  private static final Subcall NEVER = (call, cancel) -> {
    throw new AssertionError("no call is made");
  };
  private static final ProgramRequest REQUEST = ProgramRequest.inProcess(Path.of("p.json"),
      new ProgramSource.Dataset(Path.of("records.jsonl")), NEVER);

  @Test
  void aClustersMasterAndParallelismReachTheProgramPipelinesArgv() {
    ProgramRequest remote = REQUEST.on(Runner.FLINK).withBeamArgs(List.of("--flinkMaster=jm:8081", "--parallelism=3"));

    List<String> args = BeamPrograms.pipelineArgs(remote, Path.of("/work"), "f1");

    assertThat(args).contains("--runner=FlinkRunner", "--flinkMaster=jm:8081", "--parallelism=3")
        .doesNotContain("--flinkMaster=[local]");
    assertThat(args.stream().filter(a -> a.startsWith("--flinkMaster"))).hasSize(1);
  }

  @Test
  void withoutAMasterFlinkRunsInThisProcess() {
    assertThat(BeamPrograms.pipelineArgs(REQUEST.on(Runner.FLINK), Path.of("/work"), "f1"))
        .contains("--runner=FlinkRunner", "--flinkMaster=[local]")
        .noneMatch(a -> a.startsWith("--parallelism"));
  }

  @Test
  void theClustersOptionsOnAnotherRunnerAreRefusedNamingRunnerAndValue() {
    assertThatThrownBy(() -> REQUEST.on(Runner.DIRECT).withBeamArgs(List.of("--flinkMaster=jm:8081")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a Flink cluster's options need runner flink, got runner direct with: --flinkMaster=jm:8081 "
            + "(pass --runner flink, or drop them)");
    assertThatThrownBy(() -> REQUEST.withBeamArgs(List.of("--parallelism=2")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Beam options need runner direct or flink, got runner inprocess with: --parallelism=2 "
            + "(pass --runner flink, or drop them)");
  }

  /** The gate: a request exists exactly when its runner takes every option it carries. */
  @Property
  void aRequestIsBuiltExactlyWhenItsRunnerTakesItsOptions(@ForAll("runners") Runner runner,
      @ForAll boolean master, @ForAll boolean parallelism, @ForAll boolean other) {
    List<String> args = new ArrayList<>();
    if (master) {
      args.add("--flinkMaster=jm:8081");
    }
    if (parallelism) {
      args.add("--parallelism=2");
    }
    if (other) {
      args.add("--targetParallelism=2");
    }
    boolean takes = args.isEmpty() || runner == Runner.FLINK || (runner == Runner.DIRECT && !master && !parallelism);

    if (takes) {
      assertThatCode(() -> REQUEST.on(runner).withBeamArgs(args)).doesNotThrowAnyException();
    } else {
      assertThatThrownBy(() -> REQUEST.on(runner).withBeamArgs(args)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("got runner " + runner.id() + " with: ");
    }
  }

  @Provide
  Arbitrary<Runner> runners() {
    return Arbitraries.of(Runner.INPROCESS, Runner.DIRECT, Runner.FLINK);
  }
}
