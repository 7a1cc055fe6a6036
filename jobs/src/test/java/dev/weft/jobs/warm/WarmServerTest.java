package dev.weft.jobs.warm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.jobs.warm.client.RunDir;
import dev.weft.jobs.warm.client.ServerKey;
import dev.weft.jobs.warm.client.WarmClient;
import dev.weft.jobs.warm.client.Wire;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server and client around a command: concurrency, deadlines, stale and stopped servers. */
class WarmServerTest {
  @TempDir Path tmp;

  @Test
  void concurrentClientsAreServedAtTheSameTime() throws Exception {
    int clients = 4;
    WarmServer.Runner runner = WarmFixture.allAtOnce(clients, (request, out, err) -> {
      out.println("ran " + request.argv().get(1));
      return 0;
    });
    try (WarmFixture warm = WarmFixture.start(tmp, runner)) {
      ExecutorService callers = Executors.newFixedThreadPool(clients);
      List<Future<WarmFixture.Result>> results = new ArrayList<>();
      for (int i = 0; i < clients; i++) {
        String query = "q" + i;
        results.add(callers.submit(() -> warm.run("recall", query)));
      }
      for (int i = 0; i < clients; i++) {
        WarmFixture.Result result = results.get(i).get(60, TimeUnit.SECONDS);
        assertThat(result.exit()).isZero();
        assertThat(result.out()).isEqualTo("ran q" + i + "\n");
      }
      callers.shutdown();
    }
  }

  @Test
  void aCallBeyondTheBoundIsDeclinedAndRunsCold() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch inside = new CountDownLatch(WarmServers.MAX_CLIENTS);
    WarmServer.Runner runner = (request, out, err) -> {
      inside.countDown();
      try {
        release.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        return 8;
      }
      return 0;
    };
    try (WarmFixture warm = WarmFixture.start(tmp, runner)) {
      ExecutorService callers = Executors.newFixedThreadPool(WarmServers.MAX_CLIENTS);
      List<Future<WarmFixture.Result>> busy = new ArrayList<>();
      for (int i = 0; i < WarmServers.MAX_CLIENTS; i++) {
        busy.add(callers.submit(() -> warm.run("stats")));
      }
      assertThat(inside.await(30, TimeUnit.SECONDS)).isTrue();

      WarmFixture.Result beyond = warm.run("stats", "--verbose");

      assertThat(beyond.exit()).isEqualTo(WarmClient.COLD);
      assertThat(beyond.err()).contains("declined: busy");
      release.countDown();
      for (Future<WarmFixture.Result> call : busy) {
        assertThat(call.get(30, TimeUnit.SECONDS).exit()).isZero();
      }
      callers.shutdown();
    }
  }

  @Test
  void aStaleSocketIsRemovedAndAFreshServerStarted() throws IOException {
    RunDir runDir = new RunDir(tmp.resolve("run")).create();
    ServerKey key = WarmFixture.key(tmp);
    Path socket = runDir.socket(key.id());
    // a server killed with -9 leaves its socket file behind and its lock free
    try (ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      dead.bind(UnixDomainSocketAddress.of(socket));
    }
    assertThat(socket).exists();
    AtomicInteger started = new AtomicInteger();

    WarmFixture.Result result = WarmFixture.run(runDir, key, (k, d) -> {
      started.incrementAndGet();
      assertThat(socket).doesNotExist();
    }, "stats", "--verbose");

    assertThat(result.exit()).isEqualTo(WarmClient.COLD);
    assertThat(result.err()).contains("started one for the next call");
    assertThat(started).hasValue(1);
  }

  @Test
  void aServerThatAcceptsAndNeverAnswersIsPassedOverWithinTheDeadline() throws IOException {
    RunDir runDir = new RunDir(tmp.resolve("run")).create();
    ServerKey key = WarmFixture.key(tmp);
    try (ServerSocketChannel stalled = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      stalled.bind(UnixDomainSocketAddress.of(runDir.socket(key.id())));
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      // the backlog accepts the connection; nobody ever reads the request or answers
      WarmClient client = new WarmClient(runDir, (k, d) -> {
        throw new AssertionError("a live socket is not replaced");
      }, new ByteArrayOutputStream(), err, 200_000_000L, 200_000_000L);

      int exit = client.run(key, List.of("recall", "anything", "--verbose"), false, true);

      assertThat(exit).isEqualTo(WarmClient.COLD);
      assertThat(err.toString()).contains("did not answer within 200 ms");
    }
  }

  @Test
  void aServerThatDeclinesBeforeReadingTheRequestRunsTheCallColdWithItsReason() throws Exception {
    RunDir runDir = new RunDir(tmp.resolve("run")).create();
    ServerKey key = WarmFixture.key(tmp);
    try (ServerSocketChannel busy = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      busy.bind(UnixDomainSocketAddress.of(runDir.socket(key.id())));
      // as a server at its bound does: the reason, then close, never reading the request
      Thread decliner = new Thread(() -> {
        try (SocketChannel accepted = busy.accept()) {
          write(accepted, Wire.declinedFrame("busy: 8 commands are running"));
        } catch (IOException e) {
          throw new AssertionError(e);
        }
      });
      decliner.start();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      WarmClient client = new WarmClient(runDir, (k, d) -> {
        throw new AssertionError("a live socket is not replaced");
      }, new ByteArrayOutputStream(), err);
      // a request larger than the socket's buffers: its write is still under way when the server closes
      String big = "x".repeat(4 << 20);

      int exit = client.run(key, List.of("recall", big, "--verbose"), false, true);

      decliner.join();
      assertThat(exit).isEqualTo(WarmClient.COLD);
      assertThat(err.toString()).contains("declined: busy: 8 commands are running");
    }
  }

  @Test
  void aServerThatGoesSilentMidCommandEndsTheCallWithOneLine() throws Exception {
    RunDir runDir = new RunDir(tmp.resolve("run")).create();
    ServerKey key = WarmFixture.key(tmp);
    try (ServerSocketChannel silent = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      silent.bind(UnixDomainSocketAddress.of(runDir.socket(key.id())));
      ExecutorService answering = Executors.newSingleThreadExecutor();
      CountDownLatch done = new CountDownLatch(1);
      answering.submit(() -> {
        try (SocketChannel client = silent.accept()) {
          Wire.Request.read(Channels.newInputStream(client));
          write(client, Wire.frame(Wire.ACCEPTED, new byte[0], 0, 0));
          byte[] line = "first row\n".getBytes();
          write(client, Wire.frame(Wire.OUT, line, 0, line.length));
          done.await(30, TimeUnit.SECONDS); // then no heartbeat, no exit
        }
        return null;
      });
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      WarmClient client = new WarmClient(runDir, (k, d) -> { }, out, err, 5_000_000_000L, 200_000_000L);

      int exit = client.run(key, List.of("recall", "anything"), false, false);

      done.countDown();
      answering.shutdown();
      assertThat(exit).isEqualTo(5);
      assertThat(out.toString()).isEqualTo("first row\n");
      assertThat(err.toString()).startsWith("weft: the warm server stopped before the command finished");
    }
  }

  @Test
  void aReaderThatWentAwayKeepsTheCommandsExitCodeAndRunsNothingTwice() throws Exception {
    AtomicInteger runs = new AtomicInteger();
    WarmServer.Runner runner = (request, out, err) -> {
      runs.incrementAndGet();
      out.println("a row nobody reads");
      err.println("a note");
      return 3;
    };
    try (WarmFixture warm = WarmFixture.start(tmp, runner)) {
      OutputStream gone = new OutputStream() { // as stdout is once `| head -1` has its line
        @Override
        public void write(int b) throws IOException {
          throw new IOException("Broken pipe");
        }
      };
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      WarmClient client = new WarmClient(warm.runDir, (k, d) -> {
        throw new AssertionError("a live server is not replaced");
      }, gone, err);

      int exit = client.run(warm.key, List.of("recall", "q"), false, false);

      assertThat(exit).as("the command's code, not 111: the launcher would run it again cold").isEqualTo(3);
      assertThat(runs).hasValue(1);
      assertThat(err.toString()).isEqualTo("a note\n");
    }
  }

  @Test
  void aRebuiltJarStopsItsServer() throws Exception {
    try (WarmFixture warm = WarmFixture.start(tmp, (request, out, err) -> 0)) {
      assertThat(warm.server.checkOnce()).isFalse();
      Files.writeString(tmp.resolve("weft.jar"), "a rebuilt jar, of another size");

      assertThat(warm.server.checkOnce()).isTrue();
      assertThat(warm.server.awaitStop()).contains("rebuilt or removed");
      assertThat(warm.server.socket()).doesNotExist();
    }
  }

  @Test
  void aStoppedServerLetsARunningCommandFinish() throws Exception {
    CountDownLatch inside = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    WarmServer.Runner runner = (request, out, err) -> {
      inside.countDown();
      try {
        release.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        return 8;
      }
      out.println("published");
      return 0;
    };
    try (WarmFixture warm = WarmFixture.start(tmp, runner)) {
      ExecutorService caller = Executors.newSingleThreadExecutor();
      Future<WarmFixture.Result> running = caller.submit(() -> warm.run("index"));
      assertThat(inside.await(30, TimeUnit.SECONDS)).isTrue();
      Files.writeString(tmp.resolve("weft.jar"), "rebuilt while a command runs");
      assertThat(warm.server.checkOnce()).isTrue();
      assertThat(warm.server.drain(Duration.ZERO)).isFalse();

      release.countDown();

      assertThat(warm.server.drain(Duration.ofSeconds(30))).isTrue();
      WarmFixture.Result result = running.get(30, TimeUnit.SECONDS);
      assertThat(result.exit()).isZero();
      assertThat(result.out()).isEqualTo("published\n");
      caller.shutdown();
    }
  }

  @Test
  void anIdleServerStopsAndABusyOneDoesNot() throws Exception {
    RunDir runDir = new RunDir(tmp.resolve("run")).create();
    ServerKey key = WarmFixture.key(tmp);
    AtomicLong now = new AtomicLong();
    WarmServer server = WarmServer.start(key, runDir, Duration.ofMinutes(10), 2, (request, out, err) -> 0,
        now::get, false).orElseThrow();
    now.set(Duration.ofMinutes(9).toNanos());
    assertThat(server.checkOnce()).isFalse();
    assertThat(WarmFixture.run(runDir, key, (k, d) -> { }, "stats").exit()).isZero(); // activity at minute 9
    now.set(Duration.ofMinutes(18).toNanos());
    assertThat(server.checkOnce()).isFalse();

    now.set(Duration.ofMinutes(19).toNanos());

    assertThat(server.checkOnce()).isTrue();
    assertThat(server.awaitStop()).startsWith("idle");
  }

  @Test
  void aSecondServerOfTheSameKeyDoesNotStart() throws IOException {
    try (WarmFixture warm = WarmFixture.start(tmp, (request, out, err) -> 0)) {
      assertThat(WarmServer.start(warm.key, warm.runDir, Duration.ofMinutes(1), 1, (request, out, err) -> 0,
          System::nanoTime, false)).isEmpty();
    }
  }

  @Test
  void aColdOnlyCommandIsDeclinedEvenWhenAClientSendsIt() throws IOException {
    AtomicInteger ran = new AtomicInteger();
    try (WarmFixture warm = WarmFixture.start(tmp, (request, out, err) -> ran.incrementAndGet())) {
      try (SocketChannel client = SocketChannel.open(UnixDomainSocketAddress.of(warm.server.socket()))) {
        write(client, ByteBuffer.wrap(new Wire.Request(warm.key.id(), warm.key.cwd(), false,
            List.of("mcp")).encode()));
        ByteBuffer header = ByteBuffer.allocate(5);
        while (header.hasRemaining() && client.read(header) >= 0) {
          // a blocking channel: reads until the frame header is in
        }
        assertThat(header.get(0)).isEqualTo(Wire.DECLINED);
      }
      assertThat(ran).hasValue(0);
    }
  }

  private static void write(SocketChannel channel, ByteBuffer frame) throws IOException {
    while (frame.hasRemaining()) {
      channel.write(frame);
    }
  }
}
