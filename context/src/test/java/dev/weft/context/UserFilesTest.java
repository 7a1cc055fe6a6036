package dev.weft.context;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file a user names is read only when it is a regular file, and never past its bound. */
class UserFilesTest {
  @TempDir Path tmp;

  @Test
  void aRegularFileWithinTheBoundIsReadWhole() throws IOException {
    Path file = Files.writeString(tmp.resolve("a.json"), "[1]");

    assertThat(UserFiles.read(file, "the file", 3, "pass another")).containsExactly('[', '1', ']');
  }

  @Test
  void aFileOverTheBoundIsBadInputNamingTheBound() throws IOException {
    Path file = Files.writeString(tmp.resolve("a.json"), "[12]");

    assertThatThrownBy(() -> UserFiles.read(file, "the file", 3, "pass another"))
        .isInstanceOfSatisfying(WeftException.class, e -> assertThat(e.status()).isEqualTo(ExitStatus.BAD_INPUT))
        .hasMessage("the file " + file + " is larger than 3 bytes, the bound on what weft reads of it; pass another");
  }

  @Test
  void aDeviceIsRefusedAndAStreamReadStopsAtTheBound() {
    Path zero = Path.of("/dev/zero");

    assertThatThrownBy(() -> UserFiles.read(zero, "the file", 1024, "pass another"))
        .isInstanceOfSatisfying(WeftException.class, e -> assertThat(e.status()).isEqualTo(ExitStatus.BAD_INPUT))
        .hasMessage("the file must be a regular file, got a character device: /dev/zero; pass another");
    // the one pipe read on purpose (standard input) is still bounded: /dev/zero never ends
    assertThatThrownBy(() -> UserFiles.readStream(zero, "the file", 1024, "pass another"))
        .hasMessageContaining("is larger than 1024 bytes");
  }

  @Test
  void aMissingFileOrADirectoryIsBadInputNamingIt() {
    Path missing = tmp.resolve("nope.json");

    assertThatThrownBy(() -> UserFiles.read(missing, "the file", 10, "pass another"))
        .isInstanceOfSatisfying(WeftException.class, e -> assertThat(e.status()).isEqualTo(ExitStatus.BAD_INPUT))
        .hasMessage("the file " + missing + " does not exist; pass another");
    assertThatThrownBy(() -> UserFiles.read(tmp, "the file", 10, "pass another"))
        .hasMessage("the file must be a regular file, got a directory: " + tmp + "; pass another");
  }
}
