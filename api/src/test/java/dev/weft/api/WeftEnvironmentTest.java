package dev.weft.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.env.Environment;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The facade's environment lives in the ledger's store at INDEX/ledger, beside the memory, and outlives a Weft. */
class WeftEnvironmentTest {
  @TempDir Path index;

  @Test
  void slotsAreKeptInTheLedgerStoreBesideTheMemory() {
    try (Weft weft = Weft.open(index)) {
      Environment env = weft.environment();
      env.put("notes", "which modules call old()?");
      weft.memory(null).remember("m1", "a fact", null);

      assertThat(weft.environment().peek("notes").head()).isEqualTo("which modules call old()?");
    }
    try (Weft weft = Weft.open(index)) {
      assertThat(weft.environment().read("notes", 5, 0)).isEqualTo("which");
      assertThat(weft.memory(null).get("m1", null)).isPresent();
    }
    assertThat(index.resolve("ledger")).isDirectory();
  }
}
