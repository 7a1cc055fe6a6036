package dev.weft.jobs.warm.client;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Map;
import java.util.Set;

/**
 * Where a user's warm servers keep their sockets, locks and logs: {@code $WEFT_RUN_DIR}, else
 * {@code $XDG_RUNTIME_DIR/weft}, else {@code ~/.cache/weft/run}; mode 0700, so no other user can reach a socket
 * that runs commands as this one. A directory another user owns is refused, never made 0700 and used: its owner
 * could plant a socket there (or take the directory back) and answer this user's calls.
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

  /** A run directory owned by another user than the caller. */
  public static final class NotOwned extends IllegalArgumentException {
    NotOwned(Path dir, UserPrincipal owner, UserPrincipal caller) {
      super("the run directory " + dir + " belongs to " + owner.getName() + ", not to " + caller.getName()
          + ": set WEFT_RUN_DIR to a directory of your own (or unset it), or WEFT_NO_SERVER=1 to run without a "
          + "warm server");
    }
  }

  /** The user this process runs as: the owner of {@code /proc/self} on Linux, else {@code user.name}. */
  public static UserPrincipal caller() throws IOException {
    Path self = Path.of("/proc/self");
    if (Files.exists(self)) {
      return Files.getOwner(self);
    }
    return FileSystems.getDefault().getUserPrincipalLookupService()
        .lookupPrincipalByName(System.getProperty("user.name"));
  }

  /** Refuses an existing run directory that {@code caller} does not own; a missing one is the caller's to make. */
  public RunDir checkOwned(UserPrincipal caller) throws IOException {
    if (Files.isDirectory(dir)) {
      UserPrincipal owner = Files.getOwner(dir);
      if (!owner.equals(caller)) {
        throw new NotOwned(dir, owner, caller);
      }
    }
    return this;
  }

  /** Creates the directory owner-only, or makes an existing one so; a directory that cannot be is refused. */
  public RunDir create() throws IOException {
    return create(caller());
  }

  /** As {@link #create()}, for {@code caller} (tests name another user than the one they run as). */
  public RunDir create(UserPrincipal caller) throws IOException {
    if (!Files.isDirectory(dir)) {
      Files.createDirectories(dir.getParent());
      try {
        Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
      } catch (FileAlreadyExistsException raced) {
        // another client made it at the same moment: checked below like any existing one
      }
    }
    checkOwned(caller);
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
