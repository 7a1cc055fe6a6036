package dev.weft.jobs.warm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.weft.jobs.warm.client.RunDir;
import dev.weft.jobs.warm.client.ServerKey;
import dev.weft.jobs.warm.client.WarmClient;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run directory holds sockets that run commands as its user: one another user owns is never used. */
class RunDirTest {
  /** The uid of {@code nobody} on Linux: a user the tests are not. */
  private static final int OTHER_UID = 65534;

  @TempDir Path tmp;

  @Test
  void aRunDirectoryOwnedBySomeoneElseThanTheCallerIsRefusedAndLeftAsItIs() throws IOException {
    Path shared = Files.createDirectory(tmp.resolve("shared"));
    Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
    UserPrincipal someoneElse = () -> "mallory";

    assertThatThrownBy(() -> new RunDir(shared).create(someoneElse))
        .isInstanceOf(RunDir.NotOwned.class)
        .hasMessage("the run directory " + shared + " belongs to " + Files.getOwner(shared).getName()
            + ", not to mallory: set WEFT_RUN_DIR to a directory of your own (or unset it), or WEFT_NO_SERVER=1 "
            + "to run without a warm server");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(shared))).isEqualTo("rwxrwxrwx");
  }

  @Test
  void theCallersOwnRunDirectoryIsMadeOwnerOnly() throws IOException {
    Path mine = Files.createDirectory(tmp.resolve("mine"));
    Files.setPosixFilePermissions(mine, PosixFilePermissions.fromString("rwxrwxrwx"));

    new RunDir(mine).create();

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(mine))).isEqualTo("rwx------");
  }

  /** As root, the case: a world-writable directory another user owns, named by WEFT_RUN_DIR. */
  @Test
  void asRootAnotherUsersWorldWritableDirectoryIsNeitherChmodedNorConnectedTo() throws IOException {
    assumeTrue(Files.getAttribute(Path.of("/proc/self"), "unix:uid").equals(0), "only root can chown");
    Path shared = Files.createDirectory(tmp.resolve("shared"));
    Files.setAttribute(shared, "unix:uid", OTHER_UID);
    Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
    RunDir runDir = new RunDir(shared);
    ServerKey key = WarmFixture.key(tmp);

    assertThatThrownBy(runDir::create).isInstanceOf(RunDir.NotOwned.class);
    WarmClient client = new WarmClient(runDir, (k, d) -> {
      throw new AssertionError("no server is started in another user's directory");
    }, new ByteArrayOutputStream(), new ByteArrayOutputStream());
    assertThatThrownBy(() -> client.run(key, List.of("stats"), false, false))
        .isInstanceOf(RunDir.NotOwned.class).hasMessageContaining(shared.toString());
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(shared))).isEqualTo("rwxrwxrwx");
    if (NativeClient.built()) {
      WarmFixture.Result handed = NativeClient.of().with("WEFT_RUN_DIR", shared.toString())
          .run(List.of(), WarmFixture.standIn(tmp), "stats", "--verbose");
      assertThat(handed.exit()).as("to the JVM client, which refuses it by name").isEqualTo(112);
      assertThat(handed.err()).contains("the run directory belongs to another user");
    }
  }
}
