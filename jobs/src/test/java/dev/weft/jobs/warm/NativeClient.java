package dev.weft.jobs.warm;

import dev.weft.jobs.warm.client.ServerKey;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The native client (target/weft-client, built by gcc at generate-resources) run as the launcher runs it: a process
 * in this JVM's directory, with this JVM's environment and the test JVM's {@code java} first on PATH, so that the
 * key it computes is {@link #key(Path)}'s, and a UTF-8 locale.
 */
public record NativeClient(Path binary, Map<String, String> env) {
  /** Where the build puts it; absent only when the build machine has no gcc. */
  public static final Path BINARY = Path.of("target", "weft-client").toAbsolutePath();
  /** A bound on a whole call in tests: every wait inside the client has a shorter deadline of its own. */
  private static final long CALL_SECONDS = 120;

  public static boolean built() {
    return Files.isExecutable(BINARY);
  }

  /** This JVM's environment with its own {@code java} first on PATH: the Java the key names. */
  public static NativeClient of() {
    Map<String, String> env = new HashMap<>(System.getenv());
    env.put("PATH", javaHome().resolve("bin") + ":" + env.getOrDefault("PATH", "/usr/bin:/bin"));
    env.put("LC_ALL", "C.UTF-8"); // a UTF-8 locale, so that the client passes non-ASCII arguments on (see its tests)
    return new NativeClient(BINARY, env);
  }

  public NativeClient with(String name, String value) {
    Map<String, String> changed = new HashMap<>(env);
    changed.put(name, value);
    return new NativeClient(binary, changed);
  }

  /** The key of this client's calls for {@code jar}, as {@link ServerKey#of} computes it in Java. */
  public ServerKey key(Path jar) throws IOException {
    return ServerKey.of(jar, javaHome().toString(), Path.of(System.getProperty("user.dir")), env);
  }

  /** The real path of this JVM's Java installation, as a JVM started from PATH resolves its java.home. */
  static Path javaHome() {
    try {
      return Path.of(System.getProperty("java.home")).toRealPath();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Runs {@code weft-client [options] JAR args}; its options (such as --accept-ms) come before the jar. */
  public WarmFixture.Result run(List<String> options, Path jar, String... args) {
    Process process = start(options, jar, args);
    return finish(process);
  }

  public Process start(List<String> options, Path jar, String... args) {
    List<String> command = new ArrayList<>();
    command.add(binary.toString());
    command.addAll(options);
    command.add(jar.toString());
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(
        Path.of("/dev/null").toFile()));
    builder.environment().clear();
    builder.environment().putAll(env);
    try {
      return builder.start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Reads both streams to their ends and waits for the exit code. */
  public static WarmFixture.Result finish(Process process) {
    CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> readAll(process.getInputStream()));
    CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(process.getErrorStream()));
    try {
      if (!process.waitFor(CALL_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new AssertionError("the native client did not end within " + CALL_SECONDS + " s");
      }
      return new WarmFixture.Result(process.exitValue(),
          new String(out.get(CALL_SECONDS, TimeUnit.SECONDS), StandardCharsets.UTF_8),
          new String(err.get(CALL_SECONDS, TimeUnit.SECONDS), StandardCharsets.UTF_8));
    } catch (Exception e) {
      throw new AssertionError("running the native client failed", e);
    }
  }

  private static byte[] readAll(InputStream stream) {
    try (stream) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      stream.transferTo(bytes);
      return bytes.toByteArray();
    } catch (IOException e) {
      return new byte[0]; // the test closed it on purpose (a reader that went away)
    }
  }
}
