package dev.weft.agents.program;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/programs.md lists every compiler code, and nothing else under that name. */
class ErrorCodeDocsTest {
  @Test
  void theCodesTableListsEveryCode() throws Exception {
    String docs = Files.readString(Path.of("../docs/programs.md"));
    for (ErrorCode code : ErrorCode.values()) {
      assertThat(docs).as(code.name()).contains("| " + code.name() + " |");
    }
    assertThat(docs.lines().filter(line -> line.matches("\\| AI\\d{4} \\|.*"))).hasSize(ErrorCode.values().length);
  }
}
