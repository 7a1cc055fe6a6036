package dev.weft.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The `weft` launcher's dispatch on its native client's exit code (docs/cli.md, "The clients"), with a stand-in
 * native client that says what it was given and exits as told, in a copy of the source tree's layout: the answer
 * relayed, 111 straight to cold, 112 to the JVM client, 113 to the staleness check.
 */
class LauncherTest {
  private static final Path LAUNCHER = Path.of("../weft").toAbsolutePath().normalize();

  @TempDir Path tree;
  private Path source;

  @BeforeEach
  void layout() throws IOException {
    Files.copy(LAUNCHER, tree.resolve("weft"), StandardCopyOption.COPY_ATTRIBUTES);
    Path target = Files.createDirectories(tree.resolve("jobs/target"));
    Files.writeString(tree.resolve("pom.xml"), "<project/>");
    source = Files.createDirectories(tree.resolve("jobs/src/main/java")).resolve("A.java");
    Files.writeString(source, "class A {}");
    Files.writeString(target.resolve("weft.jar"), "not a jar: the cold path fails, and says so");
    // a JVM client that is no jar: when the launcher runs it, java says it cannot load its main class
    Files.writeString(target.resolve("weft-jobs-0-client.jar"), "not a jar either");
    Path fake = target.resolve("weft-client");
    Files.writeString(fake, "#!/bin/sh\necho \"native client: $*\" >&2\nexit \"$FAKE_EXIT\"\n");
    Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
    FileTime old = FileTime.fromMillis(System.currentTimeMillis() - 3_600_000);
    for (Path p : new Path[] {source, source.getParent(), tree.resolve("jobs/src/main"), tree.resolve("pom.xml")}) {
      Files.setLastModifiedTime(p, old);
    }
  }

  @Test
  void aWarmAnswerIsRelayedWithItsExitCodeAndNothingElseRuns() throws Exception {
    Run run = launch("3", "recall", "q");

    assertThat(run.exit()).isEqualTo(3);
    assertThat(run.err()).isEqualTo("native client: --sources " + tree + " " + tree.resolve("jobs/target/weft.jar")
        + " recall q\n");
  }

  @Test
  void noWarmAnswerRunsColdWithoutTheJvmClient() throws Exception {
    Run run = launch("111", "recall", "q");

    assertThat(run.err()).doesNotContain("Could not find or load main class");
    assertThat(run.err()).contains("Invalid or corrupt jarfile"); // the cold `java -jar weft.jar`
  }

  @Test
  void aCallHandedOverGoesToTheJvmClient() throws Exception {
    Run run = launch("112", "recall", "q");

    assertThat(run.err()).contains("Could not find or load main class dev.weft.jobs.warm.client.WarmClient");
  }

  @Test
  void staleSourcesGoToTheBuildPathThenTheJvmClient() throws Exception {
    Files.setLastModifiedTime(source, FileTime.fromMillis(System.currentTimeMillis() + 60_000));

    Run run = launch("113", "recall", "q");

    assertThat(run.err()).contains("is older than the sources (WEFT_NO_BUILD is set: not rebuilt)");
    assertThat(run.err()).contains("Could not find or load main class");
  }

  @Test
  void outsideASourceTreeThereIsNoStalenessCheck() throws Exception {
    Files.delete(tree.resolve("pom.xml"));

    Run run = launch("0", "stats");

    assertThat(run.exit()).isZero();
    assertThat(run.err()).isEqualTo("native client: " + tree.resolve("jobs/target/weft.jar") + " stats\n");
  }

  @Test
  void coldOnlyCommandsAndTheOffSwitchNeverAskTheNativeClient() throws Exception {
    assertThat(launch("0", "eval").err()).doesNotContain("native client");
    assertThat(launch("0", Map.of("WEFT_NO_SERVER", "1"), "recall", "q").err()).doesNotContain("native client");
    assertThat(launch("0", Map.of("WEFT_NATIVE_CLIENT", "0"), "recall", "q").err())
        .doesNotContain("native client").contains("Could not find or load main class");
  }

  @Test
  void anInstalledReleaseRunsFromLibWithoutSourcesOrABuild() throws Exception {
    Path release = tree.resolve("weft-1.0");
    Path lib = Files.createDirectories(release.resolve("lib"));
    Path launcher = Files.createDirectories(release.resolve("bin")).resolve("weft");
    Files.copy(LAUNCHER, launcher, StandardCopyOption.COPY_ATTRIBUTES);
    Files.writeString(lib.resolve("weft.jar"), "not a jar");
    Files.copy(tree.resolve("jobs/target/weft-client"), lib.resolve("weft-client"), StandardCopyOption.COPY_ATTRIBUTES);

    Run run = launchAt(launcher, "0", Map.of(), "stats");

    assertThat(run.exit()).isZero();
    // no --sources: a release has nothing to rebuild from
    assertThat(run.err()).isEqualTo("native client: " + lib.resolve("weft.jar") + " stats\n");
  }

  @Test
  void aReleaseWhoseJarIsGoneSaysSoAndBuildsNothing() throws Exception {
    Path launcher = Files.createDirectories(tree.resolve("weft-1.0/bin")).resolve("weft");
    Files.copy(LAUNCHER, launcher, StandardCopyOption.COPY_ATTRIBUTES);

    Run run = launchAt(launcher, "0", Map.of("WEFT_NO_BUILD", "0"), "stats");

    assertThat(run.exit()).isEqualTo(5);
    assertThat(run.err()).contains("is missing: unpack the release again").doesNotContain("building");
  }

  private record Run(int exit, String err) {}

  private Run launch(String fakeExit, String... args) throws Exception {
    return launch(fakeExit, Map.of(), args);
  }

  /** WEFT_NO_BUILD: a stale jar is reported, never built (no mvn runs from a test). */
  private Run launch(String fakeExit, Map<String, String> env, String... args) throws Exception {
    return launchAt(tree.resolve("weft"), fakeExit, env, args);
  }

  private Run launchAt(Path launcher, String fakeExit, Map<String, String> env, String... args) throws Exception {
    String[] command = new String[args.length + 1];
    command[0] = launcher.toString();
    System.arraycopy(args, 0, command, 1, args.length);
    ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD);
    builder.environment().put("FAKE_EXIT", fakeExit);
    builder.environment().put("WEFT_NO_BUILD", "1");
    builder.environment().put("WEFT_RUN_DIR", tree.resolve("run").toString());
    builder.environment().remove("WEFT_NO_SERVER");
    builder.environment().remove("WEFT_NATIVE_CLIENT");
    builder.environment().putAll(env);
    Process process = builder.start();
    byte[] err = process.getErrorStream().readAllBytes();
    if (!process.waitFor(120, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("the launcher did not end within 120 s");
    }
    return new Run(process.exitValue(), new String(err, StandardCharsets.UTF_8));
  }
}
