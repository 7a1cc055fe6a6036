package dev.weft.context.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A child JVM run as the user {@code nobody} ({@code setpriv}), for tests of what a read-only index allows: root,
 * which runs these tests, ignores file permissions; nobody does not, exactly as on a read-only mount. The child's
 * class path is this JVM's, every jar hard-linked into the work directory (the local repository is under root's
 * home, which nobody cannot enter).
 */
public final class AsNobody {
  private static final String NOBODY = "65534";

  /** What the child printed and how it ended. */
  public record Run(int exit, String out, String err) {}

  private final Path work;
  private final String classPath;

  private AsNobody(Path work, String classPath) {
    this.work = work;
    this.classPath = classPath;
  }

  /** Whether a child can run as nobody here: this JVM is root and {@code setpriv} exists. */
  public static boolean available() {
    return "root".equals(System.getProperty("user.name")) && Files.isExecutable(Path.of("/usr/bin/setpriv"));
  }

  /**
   * Prepares {@code work} (a test's temporary directory): nobody may enter it, and this JVM's class path is linked
   * under it.
   */
  public static AsNobody in(Path work) throws IOException {
    Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path jars = Files.createDirectories(work.resolve("classpath"));
    List<String> entries = new ArrayList<>();
    String[] parts = System.getProperty("java.class.path").split(File.pathSeparator);
    for (int i = 0; i < parts.length; i++) {
      Path entry = Path.of(parts[i]);
      if (Files.isRegularFile(entry)) {
        Path link = jars.resolve(i + "-" + entry.getFileName());
        Files.createLink(link, entry);
        entries.add(link.toString());
      } else {
        entries.add(entry.toString());
      }
    }
    return new AsNobody(work, String.join(File.pathSeparator, entries));
  }

  /** Takes every write permission away under {@code dir}, as {@code chmod -R a-w} does. */
  public static void readOnly(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.toList()) {
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(path);
        permissions.removeAll(Set.of(PosixFilePermission.OWNER_WRITE, PosixFilePermission.GROUP_WRITE,
            PosixFilePermission.OTHERS_WRITE));
        Files.setPosixFilePermissions(path, permissions);
      }
    }
  }

  /** Every path under {@code dir} with its size and modification time: equal before and after means untouched. */
  public static List<String> snapshot(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      return paths.sorted().map(p -> {
        try {
          return p + " " + Files.size(p) + " " + Files.getLastModifiedTime(p);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }).toList();
    }
  }

  /** Runs {@code mainClass} with {@code args} as nobody, with {@code env} added to this JVM's environment. */
  public Run run(Map<String, String> env, String mainClass, String... args) throws IOException,
      InterruptedException {
    List<String> command = new ArrayList<>(List.of("/usr/bin/setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY,
        "--clear-groups", Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:-UsePerfData", "-Duser.home=" + work, "-cp", classPath, mainClass));
    command.addAll(List.of(args));
    Path out = work.resolve("child.out");
    Path err = work.resolve("child.err");
    ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
        .directory(work.toFile());
    builder.environment().putAll(env);
    builder.environment().put("HOME", work.toString());
    Process process = builder.start();
    // a deadline, not a timing assertion: a child that hangs fails the test instead of holding the build
    if (!process.waitFor(2, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new IOException("the child " + mainClass + " run as nobody did not end within 2 minutes");
    }
    return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
  }
}
