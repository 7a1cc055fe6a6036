package dev.weft.transforms.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A git repository built by a test: commits with fixed authors and times, so every figure is known. */
final class TestRepo {
  private final Path dir;

  private TestRepo(Path dir) {
    this.dir = dir;
  }

  static TestRepo init(Path dir) throws IOException {
    Files.createDirectories(dir);
    TestRepo repo = new TestRepo(dir);
    repo.git(Map.of(), "init", "-q");
    return repo;
  }

  Path dir() {
    return dir;
  }

  void write(String path, String text) throws IOException {
    Path file = dir.resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }

  /** Adds everything and commits it as {@code author} at {@code epochSeconds}. */
  void commit(String author, long epochSeconds) throws IOException {
    String date = "@" + epochSeconds + " +0000"; // @: a raw time even when it is small
    Map<String, String> env = Map.of("GIT_AUTHOR_NAME", author, "GIT_AUTHOR_EMAIL", author + "@example.com",
        "GIT_COMMITTER_NAME", author, "GIT_COMMITTER_EMAIL", author + "@example.com",
        "GIT_AUTHOR_DATE", date, "GIT_COMMITTER_DATE", date);
    git(env, "add", "-A");
    git(env, "commit", "-q", "-m", "change by " + author);
  }

  String git(Map<String, String> env, String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString(), "-c", "commit.gpgsign=false",
        "-c", "user.name=test", "-c", "user.email=test@example.com"));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().putAll(env);
    builder.environment().put("GIT_CONFIG_NOSYSTEM", "1");
    builder.environment().put("HOME", dir.toString());
    Process process = builder.start();
    byte[] out = process.getInputStream().readAllBytes();
    try {
      assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("git " + args[0] + " finished").isTrue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    String text = new String(out, StandardCharsets.UTF_8);
    assertThat(process.exitValue()).as("git " + String.join(" ", args) + ": " + text).isZero();
    return text;
  }
}
