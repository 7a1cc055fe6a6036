package dev.weft.jobs.warm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.weft.api.WeftCache;
import dev.weft.jobs.cli.WriteCommands;
import dev.weft.jobs.warm.client.RunDir;
import dev.weft.jobs.warm.client.ServerKey;
import dev.weft.jobs.warm.client.WarmClient;
import dev.weft.jobs.warm.client.Wire;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native client (jobs/src/main/c/weft-client.c) as a process: the same key as Java's, every wait with a
 * deadline, the JVM client's outcomes (cold, declined, a server gone silent), concurrency, and the launcher's
 * staleness check it does in-process.
 */
class NativeClientTest {
  /** What the launcher does on each: run cold, hand the call to the JVM client, rebuild. */
  private static final int COLD = WarmClient.COLD;
  private static final int JVM_CLIENT = 112;
  private static final int STALE = 113;

  @TempDir Path tmp;

  @BeforeEach
  void built() {
    assumeTrue(NativeClient.built(), "no native client: the build found no gcc");
  }

  @Test
  void noServerListeningHandsTheCallToTheJvmClientAtOnce() throws IOException {
    RunDir runDir = new RunDir(tmp.resolve("run")).create();
    NativeClient client = NativeClient.of().with("WEFT_RUN_DIR", runDir.dir().toString());

    WarmFixture.Result result = client.run(List.of(), WarmFixture.standIn(tmp), "stats", "--verbose");

    assertThat(result.exit()).isEqualTo(JVM_CLIENT); // which removes a stale socket and starts a server
    assertThat(result.err()).contains("no warm server listens");
  }

  @Test
  void aServerThatAcceptsAndNeverAnswersIsPassedOverWithinTheDeadline() throws IOException {
    RunDir runDir = new RunDir(tmp.resolve("run")).create();
    NativeClient client = NativeClient.of().with("WEFT_RUN_DIR", runDir.dir().toString());
    ServerKey key = client.key(WarmFixture.standIn(tmp));
    try (ServerSocketChannel stalled = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      stalled.bind(UnixDomainSocketAddress.of(runDir.socket(key.id())));

      WarmFixture.Result result = client.run(List.of("--accept-ms", "200"), Path.of(key.jar()),
          "recall", "anything", "--verbose");

      assertThat(result.exit()).isEqualTo(COLD);
      assertThat(result.err()).isEqualTo("weft: running cold: the warm server did not answer within 200 ms\n");
    }
  }

  @Test
  void aServerThatDeclinesRunsTheCallColdWithItsReason() throws Exception {
    RunDir runDir = new RunDir(tmp.resolve("run")).create();
    NativeClient client = NativeClient.of().with("WEFT_RUN_DIR", runDir.dir().toString());
    ServerKey key = client.key(WarmFixture.standIn(tmp));
    try (ServerSocketChannel busy = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      busy.bind(UnixDomainSocketAddress.of(runDir.socket(key.id())));
      Thread decliner = new Thread(() -> {
        try (SocketChannel accepted = busy.accept()) {
          write(accepted, Wire.declinedFrame("busy: 8 commands are running"));
        } catch (IOException e) {
          throw new AssertionError(e);
        }
      });
      decliner.start();
      // a request larger than the socket's buffers (800 KB: 8 arguments under the kernel's 128 KB each): its write
      // is still under way when the server closes
      List<String> args = new ArrayList<>(List.of("recall"));
      for (int i = 0; i < 8; i++) {
        args.add("x".repeat(100_000));
      }
      args.add("--verbose");

      WarmFixture.Result result = client.run(List.of(), Path.of(key.jar()), args.toArray(String[]::new));

      decliner.join();
      assertThat(result.exit()).isEqualTo(COLD);
      assertThat(result.err()).isEqualTo("weft: running cold: the warm server declined: busy: 8 commands are running\n");
    }
  }

  @Test
  void aServerThatGoesSilentMidCommandEndsTheCallWithOneLine() throws Exception {
    RunDir runDir = new RunDir(tmp.resolve("run")).create();
    NativeClient client = NativeClient.of().with("WEFT_RUN_DIR", runDir.dir().toString());
    ServerKey key = client.key(WarmFixture.standIn(tmp));
    try (ServerSocketChannel silent = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      silent.bind(UnixDomainSocketAddress.of(runDir.socket(key.id())));
      ExecutorService answering = Executors.newSingleThreadExecutor();
      CountDownLatch done = new CountDownLatch(1);
      answering.submit(() -> {
        try (SocketChannel accepted = silent.accept()) {
          Wire.Request request = Wire.Request.read(Channels.newInputStream(accepted));
          assertThat(request.key()).isEqualTo(key.id());
          write(accepted, Wire.frame(Wire.ACCEPTED, new byte[0], 0, 0));
          byte[] line = "first row\n".getBytes();
          write(accepted, Wire.frame(Wire.OUT, line, 0, line.length));
          done.await(30, TimeUnit.SECONDS); // then no heartbeat, no exit
        }
        return null;
      });

      WarmFixture.Result result = client.run(List.of("--heartbeat-ms", "200"), Path.of(key.jar()),
          "recall", "anything");

      done.countDown();
      answering.shutdown();
      assertThat(result.exit()).isEqualTo(5);
      assertThat(result.out()).isEqualTo("first row\n");
      assertThat(result.err()).isEqualTo("weft: the warm server stopped before the command finished; rerun it "
          + "(WEFT_NO_SERVER=1 runs it in its own process)\n");
    }
  }

  @Test
  void aWriteWhoseServerGoesSilentIsReportedUnknownAndNeverHandedBackToRunCold() throws Exception {
    WarmWriteTest.Stalled stalled = new WarmWriteTest.Stalled((request, out, err) -> 0);
    List<String> argv = List.of("ledger", "memory", "add", "t", "--evidence-json=@10MB.json");
    try (WarmFixture warm = WarmFixture.startSilent(tmp, stalled, WeftCache.create(), NativeClient.of())) {
      WarmFixture.Result result = warm.nativeClient.run(List.of("--heartbeat-ms", "200"), Path.of(warm.key.jar()),
          argv.toArray(String[]::new));

      assertThat(result.exit()).as("111 would make the launcher run the write again cold").isEqualTo(5);
      assertThat(result.err()).isEqualTo(WriteCommands.unknownOutcome(argv).orElseThrow() + "\n");
      stalled.resumeAndDrain(warm);
      assertThat(stalled.runs).hasValue(1);
    }
  }

  @Test
  void concurrentClientsAreServedAtTheSameTime() throws Exception {
    int clients = 4;
    WarmServer.Runner runner = WarmFixture.allAtOnce(clients, (request, out, err) -> {
      out.println("ran " + request.argv().get(1));
      err.println("to stderr " + request.argv().get(1));
      return 3;
    });
    try (WarmFixture warm = WarmFixture.startNative(tmp, runner, NativeClient.of())) {
      List<Process> running = new ArrayList<>();
      for (int i = 0; i < clients; i++) {
        running.add(warm.nativeClient.start(List.of(), Path.of(warm.key.jar()), "recall", "q" + i));
      }
      for (int i = 0; i < clients; i++) {
        WarmFixture.Result result = NativeClient.finish(running.get(i));
        assertThat(result.exit()).as(result.err()).isEqualTo(3);
        assertThat(result.out()).isEqualTo("ran q" + i + "\n");
        assertThat(result.err()).isEqualTo("to stderr q" + i + "\n");
      }
    }
  }

  @Test
  void aReaderThatWentAwayKeepsTheCommandsExitCodeAndRunsNothingTwice() throws Exception {
    CountDownLatch closed = new CountDownLatch(1);
    AtomicInteger runs = new AtomicInteger();
    WarmServer.Runner runner = (request, out, err) -> {
      runs.incrementAndGet();
      try {
        closed.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        return 8;
      }
      for (int i = 0; i < 20_000; i++) {
        out.println("a row of output nobody reads any more " + i);
      }
      return 3;
    };
    try (WarmFixture warm = WarmFixture.startNative(tmp, runner, NativeClient.of())) {
      Process process = warm.nativeClient.start(List.of(), Path.of(warm.key.jar()), "recall", "q");
      process.getInputStream().close(); // as `weft recall ... | head -1` does after its line
      closed.countDown();

      WarmFixture.Result result = NativeClient.finish(process);

      assertThat(result.exit()).as("not killed by SIGPIPE, not handed back to run again").isEqualTo(3);
      assertThat(runs).hasValue(1);
    }
  }

  @Test
  void nonAsciiVariablesAndArgumentsGetTheKeyJavaComputes() throws Exception {
    NativeClient client = NativeClient.of().with("WEFT_LABEL", "café 東京");
    WarmServer.Runner runner = (request, out, err) -> {
      out.println(String.join("|", request.argv()));
      return 0;
    };
    try (WarmFixture warm = WarmFixture.startNative(tmp, runner, client)) {
      WarmFixture.Result result = warm.run("recall", "ünïcödé 東京");

      assertThat(result.exit()).as(result.err()).isZero();
      assertThat(result.out()).isEqualTo("recall|ünïcödé 東京\n");
    }
  }

  @Test
  void whetherAndWhereAClientAsksIsNotPartOfTheKey() throws Exception {
    try (WarmFixture warm = WarmFixture.startNative(tmp, (request, out, err) -> 0, NativeClient.of())) {
      NativeClient noise = warm.nativeClient.with("WEFT_NATIVE_CLIENT", "0").with("WEFT_NO_SERVER", "0");

      assertThat(noise.run(List.of(), Path.of(warm.key.jar()), "stats").exit()).isZero(); // the same server
      assertThat(warm.nativeClient.with("WEFT_INDEX", "/elsewhere").run(List.of(), Path.of(warm.key.jar()), "stats")
          .exit()).as("a variable the command reads is").isEqualTo(JVM_CLIENT);
    }
  }

  @Test
  void whatJavaWouldDecodeDifferentlyGoesToTheJvmClient() throws Exception {
    AtomicInteger runs = new AtomicInteger();
    NativeClient asciiLocale = NativeClient.of().with("LC_ALL", "C");
    try (WarmFixture warm = WarmFixture.startNative(tmp, (request, out, err) -> runs.incrementAndGet(),
        asciiLocale)) {
      assertThat(warm.run("recall", "plain").exit()).isEqualTo(1); // ASCII: answered warm

      // outside a UTF-8 locale the JVM decodes these bytes otherwise; only Java knows how
      assertThat(warm.run("recall", "café").exit()).isEqualTo(JVM_CLIENT);
      assertThat(runs).hasValue(1);
    }
  }

  @Test
  void theStalenessCheckFindsANewerSourceOrPomAndNothingElse() throws IOException {
    Path root = Files.createDirectories(tmp.resolve("tree"));
    Path source = Files.createDirectories(root.resolve("jobs/src/main/java/dev")).resolve("A.java");
    Files.writeString(source, "class A {}");
    Files.writeString(root.resolve("pom.xml"), "<project/>");
    Files.writeString(root.resolve("jobs/pom.xml"), "<project/>");
    Path built = Files.createDirectories(root.resolve("jobs/target")).resolve("B.class");
    Files.writeString(built, "built");
    Path jar = WarmFixture.standIn(tmp);
    FileTime old = FileTime.fromMillis(1_000_000_000_000L);
    for (Path p : List.of(source, source.getParent(), root.resolve("jobs/src/main/java"), root.resolve("jobs/src/main"),
        root.resolve("pom.xml"), root.resolve("jobs/pom.xml"))) {
      Files.setLastModifiedTime(p, old);
    }
    Files.setLastModifiedTime(jar, FileTime.fromMillis(old.toMillis() + 1000));
    Files.setLastModifiedTime(built, FileTime.fromMillis(old.toMillis() + 5000)); // target/ is not a source
    NativeClient client = NativeClient.of().with("WEFT_RUN_DIR", tmp.resolve("run").toString());
    List<String> check = List.of("--sources", root.toString());

    assertThat(client.run(check, jar, "stats").exit()).isEqualTo(JVM_CLIENT); // fresh: on to the server

    Files.setLastModifiedTime(source, FileTime.fromMillis(old.toMillis() + 2000));
    assertThat(client.run(check, jar, "stats").exit()).isEqualTo(STALE);
    assertThat(client.run(List.of(), jar, "stats").exit()).as("no --sources, no check").isEqualTo(JVM_CLIENT);

    Files.setLastModifiedTime(source, old);
    Files.setLastModifiedTime(root.resolve("jobs/pom.xml"), FileTime.fromMillis(old.toMillis() + 2000));
    assertThat(client.run(check, jar, "stats").exit()).isEqualTo(STALE);
  }

  private static void write(SocketChannel channel, ByteBuffer frame) throws IOException {
    while (frame.hasRemaining()) {
      channel.write(frame);
    }
  }
}
