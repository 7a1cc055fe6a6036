package dev.weft.jobs.warm.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Which warm server may answer a call: one per jar build (path, mtime, size), Java, working directory and the
 * environment Weft reads. A server runs commands in its own JVM, whose working directory and environment are fixed
 * at start; keying on them (rather than resolving paths per request) is what keeps a warm answer byte-identical to
 * a cold one — relative paths, the nearest {@code .weft}, {@code $WEFT_INDEX}, the natives cache and the
 * {@code git} a listing runs all resolve exactly as they would in the caller's own process.
 */
public record ServerKey(String jar, long jarModifiedMillis, long jarSize, String javaHome, String cwd,
    SortedMap<String, String> env) {

  public ServerKey {
    env = new TreeMap<>(env);
  }

  /** The key of a call from {@code cwd} with {@code environment}, for the jar at {@code jar}. */
  public static ServerKey of(Path jar, String javaHome, Path cwd, Map<String, String> environment) throws IOException {
    Path real = jar.toRealPath();
    BasicFileAttributes attributes = Files.readAttributes(real, BasicFileAttributes.class);
    SortedMap<String, String> read = new TreeMap<>();
    environment.forEach((name, value) -> {
      if (read(name)) {
        read.put(name, value);
      }
    });
    return new ServerKey(real.toString(), attributes.lastModifiedTime().toMillis(), attributes.size(), javaHome,
        cwd.toString(), read);
  }

  /**
   * Whether a variable can change what a command does or prints: Weft's own, the JVM's, locale and time zone,
   * where caches and git live, colours, proxies and anything that looks like a credential an endpoint reads.
   * Per-shell noise (PWD, SHLVL, terminal session ids) is left out so that it does not start a server per call.
   */
  static boolean read(String name) {
    if (name.equals("WEFT_NO_SERVER") || name.equals("WEFT_RUN_DIR")) { // where sockets live, not what runs
      return false;
    }
    String upper = name.toUpperCase(Locale.ROOT);
    return name.startsWith("WEFT_") || name.startsWith("LC_") || name.startsWith("XDG_") || name.startsWith("GIT_")
        || name.startsWith("JAVA") || name.startsWith("JDK_") || name.startsWith("_JAVA")
        || name.startsWith("OPENAI") || upper.endsWith("_PROXY")
        || upper.contains("KEY") || upper.contains("TOKEN") || upper.contains("SECRET") || upper.contains("API")
        || switch (name) {
          case "LANG", "LANGUAGE", "TZ", "HOME", "USER", "PATH", "TMPDIR", "NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE",
              "TERM" -> true;
          default -> false;
        };
  }

  /** The key's name in the run directory: a hash, so that no path or value is written into a file name. */
  public String id() {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      update(digest, jar);
      update(digest, Long.toString(jarModifiedMillis));
      update(digest, Long.toString(jarSize));
      update(digest, javaHome);
      update(digest, cwd);
      env.forEach((name, value) -> {
        update(digest, name);
        update(digest, value);
      });
      return HexFormat.of().formatHex(digest.digest(), 0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  private static void update(MessageDigest digest, String value) {
    byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
    digest.update((byte) (bytes.length >>> 24));
    digest.update((byte) (bytes.length >>> 16));
    digest.update((byte) (bytes.length >>> 8));
    digest.update((byte) bytes.length);
    digest.update(bytes);
  }

  /** Whether the jar this key names is still the same build (a rebuilt or deleted jar stops its server). */
  public boolean jarUnchanged() {
    try {
      BasicFileAttributes attributes = Files.readAttributes(Path.of(jar), BasicFileAttributes.class);
      return attributes.lastModifiedTime().toMillis() == jarModifiedMillis && attributes.size() == jarSize;
    } catch (IOException e) {
      return false;
    }
  }
}
