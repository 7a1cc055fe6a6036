package dev.weft.jobs.warm.client;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;

/**
 * Where a user's warm servers keep their sockets, locks and logs: {@code $WEFT_RUN_DIR}, else
 * {@code $XDG_RUNTIME_DIR/weft}, else {@code ~/.cache/weft/run}; mode 0700, so no other user can reach a socket
 * that runs commands as this one.
 */
public record RunDir(Path dir) {
  private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

  /** The run directory for this environment. */
  public static RunDir of(Map<String, String> env) {
    String explicit = env.get("WEFT_RUN_DIR");
    if (explicit != null && !explicit.isBlank()) {
      return new RunDir(Path.of(explicit));
    }
    String runtime = env.get("XDG_RUNTIME_DIR");
    if (runtime != null && !runtime.isBlank() && Files.isDirectory(Path.of(runtime))) {
      return new RunDir(Path.of(runtime, "weft"));
    }
    return new RunDir(Path.of(env.getOrDefault("HOME", System.getProperty("user.home")), ".cache", "weft", "run"));
  }

  /** Creates the directory owner-only, or makes an existing one so; a directory that cannot be is refused. */
  public RunDir create() throws IOException {
    if (!Files.isDirectory(dir)) {
      Files.createDirectories(dir.getParent());
      try {
        Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
      } catch (FileAlreadyExistsException raced) {
        // another client made it at the same moment: checked below like any existing one
      }
    }
    if (!Files.getPosixFilePermissions(dir).equals(OWNER_ONLY)) {
      Files.setPosixFilePermissions(dir, OWNER_ONLY);
    }
    return this;
  }

  public Path socket(String id) {
    return dir.resolve(id.concat(".sock"));
  }

  public Path lock(String id) {
    return dir.resolve(id.concat(".lock"));
  }

  public Path log(String id) {
    return dir.resolve(id.concat(".log"));
  }
}
