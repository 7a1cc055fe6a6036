package dev.weft.jobs.warm.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
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
    for (Map.Entry<String, String> variable : environment.entrySet()) { // a loop, not a lambda: see id()
      if (read(variable.getKey())) {
        read.put(variable.getKey(), variable.getValue());
      }
    }
    return new ServerKey(real.toString(), attributes.lastModifiedTime().toMillis(), attributes.size(), javaHome,
        cwd.toString(), read);
  }

  /**
   * Whether a variable can change what a command does or prints: Weft's own, the JVM's, locale and time zone,
   * where caches and git live, colours, proxies and anything that looks like a credential an endpoint reads.
   * Per-shell noise (PWD, SHLVL, terminal session ids) is left out so that it does not start a server per call.
   */
  static boolean read(String name) {
    if (name.equals("WEFT_NO_SERVER") || name.equals("WEFT_RUN_DIR") || name.equals("WEFT_NATIVE_CLIENT")) {
      return false; // whether and where a client asks, not what runs
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

  /**
   * The key's name in the run directory: a 128-bit hash (two FNV-1a lanes), so that no path or value is written into
   * a file name. Not a MessageDigest, and no lambda or string concatenation on this path: the client's JVM start is
   * the figure, and security providers and invokedynamic bootstraps cost it tens of milliseconds.
   */
  public String id() {
    long[] lanes = {0xcbf29ce484222325L, 0x84222325cbf29ce4L};
    update(lanes, jar);
    update(lanes, Long.toString(jarModifiedMillis));
    update(lanes, Long.toString(jarSize));
    update(lanes, javaHome);
    update(lanes, cwd);
    for (Map.Entry<String, String> variable : env.entrySet()) {
      update(lanes, variable.getKey());
      update(lanes, variable.getValue());
    }
    return HexFormat.of().toHexDigits(lanes[0]).concat(HexFormat.of().toHexDigits(lanes[1]).substring(0, 8));
  }

  /** Length-prefixed, so that ("ab", "c") and ("a", "bc") differ. */
  private static void update(long[] lanes, String value) {
    byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
    mix(lanes, bytes.length);
    for (byte b : bytes) {
      mix(lanes, b & 0xff);
    }
  }

  private static void mix(long[] lanes, int value) {
    lanes[0] = (lanes[0] ^ value) * 0x100000001b3L;
    lanes[1] = (lanes[1] ^ value) * 0x100000001b3L + (lanes[0] >>> 29);
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
