package dev.weft.jobs.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.DeadLetter;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunReportsTest {
  @TempDir Path tmp;

  @Test
  void deadLettersAreAllCountedAndTheFirstFewKept() throws IOException {
    Path file = tmp.resolve("gen-3.jsonl");
    Files.writeString(file, IntStream.range(0, 25)
        .mapToObj(i -> "{\"path\":\"f" + i + "\",\"stage\":\"read\",\"reason\":\"skipped.binary\",\"detail\":\"d\"}")
        .collect(Collectors.joining("\n", "", "\n")));

    RunReport.DeadLetters letters = RunReports.deadLetters(file);

    assertThat(letters.count()).isEqualTo(25);
    assertThat(letters.file()).isEqualTo(file.toString());
    assertThat(letters.first()).hasSize(RunReport.DeadLetters.CAP)
        .startsWith(new DeadLetter("f0", "read", "skipped.binary", "d"));
  }

  @Test
  void aReportReadsBackAsWritten() {
    RunReport report = ReportPageTest.sample(List.of(1.0, 2.0));
    Path file = tmp.resolve("out/run.json");

    RunReports.write(report, file);

    assertThat(RunReports.read(file)).isEqualTo(report);
    assertThat(tmp.resolve("out")).isDirectoryContaining(p -> p.equals(file))
        .isDirectoryNotContaining(p -> p.toString().endsWith(".tmp"));
  }

  @Test
  void aFileThatIsNotARunReportIsBadInputNamingIt() throws IOException {
    Path notJson = Files.writeString(tmp.resolve("a.json"), "not json");
    Path otherJson = Files.writeString(tmp.resolve("b.json"), "{\"hello\": 1}");

    assertThatThrownBy(() -> RunReports.read(notJson)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("not a run report: " + notJson);
    assertThatThrownBy(() -> RunReports.read(otherJson)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(otherJson.toString()).hasMessageContaining("--report FILE");
    assertThatThrownBy(() -> RunReports.read(tmp.resolve("missing.json")))
        .isInstanceOfSatisfying(WeftException.class, e -> assertThat(e.status()).isEqualTo(ExitStatus.BAD_INPUT))
        .hasMessage("the run report " + tmp.resolve("missing.json") + " does not exist; pass the FILE a run wrote with"
            + " --report FILE");
  }

  @Test
  void aDirectoryIsNotAReportFile() {
    assertThatThrownBy(() -> RunReports.write(ReportPageTest.sample(List.of()), tmp))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--report FILE must name a file, got a directory: " + tmp);
  }
}
