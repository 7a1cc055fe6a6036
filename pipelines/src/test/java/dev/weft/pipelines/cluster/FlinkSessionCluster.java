package dev.weft.pipelines.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * A Flink session cluster in separate processes on this machine: one JobManager
 * ({@code StandaloneSessionClusterEntrypoint}) and N TaskManagers ({@code TaskManagerRunner}) started from the
 * Flink jars on this JVM's class path, with a config directory written here (free ports, small memory so a few
 * JVMs fit a small machine). {@link #close} destroys every process, whatever state it is in.
 */
public final class FlinkSessionCluster implements AutoCloseable {
  private static final String JOB_MANAGER = "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint";
  private static final String TASK_MANAGER = "org.apache.flink.runtime.taskexecutor.TaskManagerRunner";
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Network memory a TaskManager gets when a test names none: what the ingest and program tests ran on. */
  public static final int DEFAULT_NETWORK_MB = 64;

  private final Path dir;
  private final int restPort;
  private final int slotsEach;
  private final int networkMb;
  private final Map<String, String> more;
  private final List<Process> processes = new ArrayList<>();
  private final List<Path> outputs = new ArrayList<>();
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private FlinkSessionCluster(Path dir, int restPort, int slotsEach, int networkMb, Map<String, String> more) {
    this.dir = dir;
    this.restPort = restPort;
    this.slotsEach = slotsEach;
    this.networkMb = networkMb;
    this.more = Map.copyOf(more);
  }

  /**
   * Starts a JobManager and {@code taskManagers} TaskManagers of one slot each, and waits (at most
   * {@code deadline}) until all of them registered.
   *
   * @param dir where the config, the logs and Flink's temporary files go
   * @throws IllegalStateException when the cluster is not up in time, naming the log files to read
   */
  public static FlinkSessionCluster start(Path dir, int taskManagers, Duration deadline) throws IOException {
    return start(dir, taskManagers, 1, DEFAULT_NETWORK_MB, deadline);
  }

  /**
   * As {@link #start(Path, int, Duration)} with {@code slotsEach} task slots per TaskManager and {@code networkMb}
   * MB of network memory each (Flink's {@code taskmanager.memory.network.min} and {@code .max}).
   */
  public static FlinkSessionCluster start(Path dir, int taskManagers, int slotsEach, int networkMb,
      Duration deadline) throws IOException {
    return start(dir, taskManagers, slotsEach, networkMb, Map.of(), deadline);
  }

  /** As {@link #start(Path, int, int, int, Duration)} with {@code more} Flink configuration (key: value) besides. */
  public static FlinkSessionCluster start(Path dir, int taskManagers, int slotsEach, int networkMb,
      Map<String, String> more, Duration deadline) throws IOException {
    FlinkSessionCluster cluster = new FlinkSessionCluster(dir, freePort(), slotsEach, networkMb, more);
    try {
      cluster.writeConfig();
      cluster.launch(JOB_MANAGER, "jobmanager");
      for (int i = 0; i < taskManagers; i++) {
        cluster.launch(TASK_MANAGER, "taskmanager-" + i);
      }
      cluster.awaitTaskManagers(taskManagers, deadline);
      return cluster;
    } catch (IOException | RuntimeException e) {
      cluster.close();
      throw e;
    }
  }

  /**
   * The job's jar, {@code --filesToStage}: the TaskManagers run on this JVM's class path already, so nothing needs
   * shipping (the CLI ships the fat jar instead). An empty jar keeps Beam from zipping and uploading the whole test
   * class path.
   */
  public static Path emptyJar(Path dir) throws IOException {
    Path jar = dir.resolve("job.jar");
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().putValue("Manifest-Version", "1.0");
    try (OutputStream out = Files.newOutputStream(jar); JarOutputStream ignored = new JarOutputStream(out, manifest)) {
      return jar;
    }
  }

  /** {@code localhost:PORT}, the {@code --flinkMaster} to submit to. */
  public String master() {
    return "localhost:" + restPort;
  }

  /** The REST API's answer at {@code path} ({@code /overview}, {@code /jobs/overview}). */
  public JsonNode rest(String path) throws IOException {
    HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + restPort + path))
        .timeout(Duration.ofSeconds(5)).GET().build();
    try {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new IOException("GET " + path + " answered " + response.statusCode() + ": " + response.body());
      }
      return JSON.readTree(response.body());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while asking the Flink REST API " + path, e);
    }
  }

  private void writeConfig() throws IOException {
    Path conf = Files.createDirectories(dir.resolve("conf"));
    Path tmp = Files.createDirectories(dir.resolve("tmp"));
    // flink-conf.yaml (flat keys) is still read by Flink 1.19 when no config.yaml exists
    String config = String.join("\n",
        "jobmanager.rpc.address: localhost",
        "jobmanager.bind-host: localhost",
        "jobmanager.rpc.port: " + freePort(),
        "rest.address: localhost",
        "rest.bind-address: localhost",
        "rest.port: " + restPort,
        "blob.server.port: " + freePort(),
        "taskmanager.host: localhost",
        "taskmanager.bind-host: localhost",
        "taskmanager.rpc.port: 0",
        "taskmanager.data.port: 0",
        "taskmanager.numberOfTaskSlots: " + slotsEach,
        "jobmanager.memory.process.size: 768m",
        // Flink's start scripts derive these from a process size; TaskManagerRunner started directly needs them all
        "taskmanager.cpu.cores: 1",
        "taskmanager.memory.task.heap.size: 384m",
        "taskmanager.memory.task.off-heap.size: 0m",
        "taskmanager.memory.framework.heap.size: 128m",
        "taskmanager.memory.framework.off-heap.size: 128m",
        "taskmanager.memory.managed.size: 64m",
        "taskmanager.memory.network.min: " + networkMb + "m",
        "taskmanager.memory.network.max: " + networkMb + "m",
        "taskmanager.memory.jvm-metaspace.size: 256m",
        "taskmanager.memory.jvm-overhead.min: 128m",
        "taskmanager.memory.jvm-overhead.max: 128m",
        // hadoop-common is on the class path (for Parquet) without the rest of Hadoop: no Hadoop security module
        "security.module.factory.classes: org.apache.flink.runtime.security.modules.JaasModuleFactory",
        "security.context.factory.classes: org.apache.flink.runtime.security.contexts.NoOpSecurityContextFactory",
        // the TaskManagers already hold every class: the job's jar must not shadow them
        "classloader.resolve-order: parent-first",
        "io.tmp.dirs: " + tmp,
        "web.tmpdir: " + tmp,
        "");
    for (Map.Entry<String, String> entry : more.entrySet()) {
      config += entry.getKey() + ": " + entry.getValue() + "\n";
    }
    Files.writeString(conf.resolve("flink-conf.yaml"), config);
  }

  private void launch(String mainClass, String name) throws IOException {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        mainClass.equals(JOB_MANAGER) ? "-Xmx512m" : "-Xmx640m",
        "-XX:+UseSerialGC",
        "-Dlog.file=" + dir.resolve(name + ".log"),
        "-cp", classPath(),
        mainClass,
        "--configDir", dir.resolve("conf").toString()));
    Path out = dir.resolve(name + ".out");
    ProcessBuilder builder = new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(out.toFile());
    outputs.add(out);
    processes.add(builder.start());
  }

  /** The test class path: surefire hands its JVM a manifest-only jar, and names the real path in a property. */
  private static String classPath() {
    String path = System.getProperty("surefire.test.class.path");
    return path == null || path.isBlank() ? System.getProperty("java.class.path") : path;
  }

  /** Waits until {@code count} TaskManagers and all their slots are registered. */
  private void awaitTaskManagers(int count, Duration deadline) {
    Instant end = Instant.now().plus(deadline);
    String last = "no answer yet";
    while (Instant.now().isBefore(end)) {
      for (int i = 0; i < processes.size(); i++) {
        Process process = processes.get(i);
        if (!process.isAlive()) {
          throw new IllegalStateException("a Flink process exited with " + process.exitValue()
              + " while the cluster started; its output ends with: " + tail(outputs.get(i)));
        }
      }
      try {
        JsonNode overview = rest("/overview");
        last = overview.toString();
        // a TaskManager is listed before its slots are: a job probed in between would see a cluster of 0 slots
        if (overview.path("taskmanagers").asInt() >= count
            && overview.path("slots-total").asInt() >= count * slotsEach) {
          return;
        }
      } catch (IOException e) {
        last = e.toString();
      }
      pause();
    }
    throw new IllegalStateException("the Flink session cluster was not up with " + count + " task managers within "
        + deadline + " (last /overview: " + last + "); read the *.out and *.log files in " + dir);
  }

  /** A bounded poll interval: the cluster's start is what the loop waits for, under its own deadline. */
  private static void pause() {
    try {
      TimeUnit.MILLISECONDS.sleep(500);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the Flink cluster", e);
    }
  }

  private static String tail(Path file) {
    try {
      List<String> lines = Files.readAllLines(file);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
    } catch (IOException e) {
      return "(cannot read " + file + ": " + e + ")";
    }
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot find a free local port for the Flink cluster", e);
    }
  }

  @Override
  public void close() {
    for (Process process : processes) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
    }
    for (Process process : processes) {
      try {
        process.waitFor(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
