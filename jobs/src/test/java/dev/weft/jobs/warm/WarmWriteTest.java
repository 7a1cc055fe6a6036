package dev.weft.jobs.warm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.api.WeftCache;
import dev.weft.jobs.cli.WriteCommands;
import dev.weft.jobs.warm.client.WarmClient;
import dev.weft.jobs.warm.client.Wire;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.PrintWriter;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A call that may write is applied once, whatever the warm server does: a server that takes it and goes silent (as
 * one stopped with {@code kill -STOP} does) is reported as an unknown outcome, exit 5, never run a second time cold;
 * a client that gives up before its go-ahead runs it cold, and the server then never runs it.
 */
class WarmWriteTest {
  /** The client's silence deadline here: small, so that a silent server is given up on at once. */
  private static final long SILENCE_NANOS = 200_000_000L;

  @TempDir Path tmp;

  /** Every writing command, as a user types it (the runner is a stand-in: only the classification counts). */
  static Stream<List<String>> writes() {
    return Stream.of(
        List.of("index", "corpus"),
        List.of("index", "--paths", "a.md", "--force"),
        List.of("rollback", "1"),
        List.of("remember", "build", "needs JDK 17"),
        List.of("forget", "build"),
        List.of("forget", "--kind", "episode"),
        List.of("ledger", "memory", "add", "t", "--evidence-json=@10MB.json"),
        List.of("ledger", "memory", "--tag", "x", "add", "t", "--evidence", "e"),
        List.of("ledger", "memory", "delete", "memory:1"),
        List.of("ledger", "memory", "embed-missing", "--embedder", "hash:16"),
        List.of("ledger", "skill", "add", "deploy", "--when", "w", "--instructions", "i"),
        List.of("ledger", "skill", "delete", "skill:1"),
        List.of("ledger", "goal", "set", "ship", "it"),
        List.of("ledger", "goal", "progress", "done", "--evidence", "e"),
        List.of("ledger", "goal", "status", "paused"),
        List.of("ledger", "goal", "checkpoint"),
        List.of("ledger", "limits", "--archive", "maxItems=5"));
  }

  /** Calls that only read: a silent server is passed over and they run cold, as before. */
  static Stream<List<String>> reads() {
    return Stream.of(List.of("recall", "add"), List.of("get", "a.md"), List.of("stats"), List.of("generations"),
        List.of("check"), List.of("report", "r.json"), List.of("memory", "get", "build"),
        List.of("ledger", "memory", "recall", "--tag", "t"), List.of("ledger", "memory", "get", "memory:1"),
        List.of("ledger", "goal", "show"), List.of("ledger", "report"));
  }

  @ParameterizedTest
  @MethodSource("writes")
  void aWriteWhoseServerGoesSilentEndsInOneLineExit5AndRunsOnce(List<String> argv) throws Exception {
    Stalled stalled = new Stalled((request, out, err) -> 0);
    try (WarmFixture warm = WarmFixture.startSilent(tmp, stalled, WeftCache.create(), null)) {
      ByteArrayOutputStream err = new ByteArrayOutputStream();

      int exit = client(warm, err).run(warm.key, argv, false, false);

      assertThat(exit).as("111 would make the launcher run the write again cold").isEqualTo(5);
      String line = err.toString(StandardCharsets.UTF_8);
      assertThat(line).isEqualTo(WriteCommands.unknownOutcome(argv).orElseThrow() + "\n")
          .startsWith("weft: `weft " + argv.get(0)).contains("may or may not have been applied", "check with `weft ");
      stalled.resumeAndDrain(warm);
      assertThat(stalled.runs).hasValue(1);
    }
  }

  @ParameterizedTest
  @MethodSource("reads")
  void aReadWhoseServerGoesSilentStillRunsCold(List<String> argv) throws Exception {
    assertThat(WriteCommands.unknownOutcome(argv)).isEmpty();
    Stalled stalled = new Stalled((request, out, err) -> 0);
    try (WarmFixture warm = WarmFixture.startSilent(tmp, stalled, WeftCache.create(), null)) {
      ByteArrayOutputStream err = new ByteArrayOutputStream();

      assertThat(client(warm, err).run(warm.key, argv, false, false)).isEqualTo(WarmClient.COLD);
      stalled.resumeAndDrain(warm);
    }
  }

  @Test
  void aWriteTheClientGaveUpOnBeforeItsGoAheadIsNeverRun() throws Exception {
    Stalled stalled = new Stalled((request, out, err) -> 0);
    stalled.resume.countDown();
    List<String> argv = List.of("ledger", "memory", "add", "t", "--evidence", "e");
    try (WarmFixture warm = WarmFixture.startSilent(tmp, stalled, WeftCache.create(), null)) {
      // what a client whose accept deadline ran out does: it closes the connection and runs the call cold
      try (SocketChannel client = SocketChannel.open(UnixDomainSocketAddress.of(warm.server.socket()))) {
        ByteBuffer request = ByteBuffer.wrap(new Wire.Request(warm.key.id(), warm.key.cwd(), false, argv).encode());
        while (request.hasRemaining()) {
          client.write(request);
        }
        DataInputStream in = new DataInputStream(Channels.newInputStream(client));
        assertThat(in.readByte()).isEqualTo(Wire.ACCEPTED);
        byte[] line = in.readNBytes(in.readInt());
        assertThat(new String(line, StandardCharsets.UTF_8)).isEqualTo(WriteCommands.unknownOutcome(argv)
            .orElseThrow());
      }
      warm.server.close();
      assertThat(warm.server.drain(Duration.ofSeconds(30))).isTrue();
      assertThat(stalled.runs).as("the cold run is the only one").hasValue(0);
    }
  }

  @Test
  void theIssuesLedgerAddThroughAStoppedServerAddsOneMemory() throws Exception {
    WeftCache cache = WeftCache.create();
    Stalled stalled = new Stalled(WarmServers.runner(cache));
    String index = "--index=" + tmp.resolve("index");
    try (WarmFixture warm = WarmFixture.startSilent(tmp, stalled, cache, null)) {
      ByteArrayOutputStream err = new ByteArrayOutputStream();

      int exit = client(warm, err).run(warm.key, List.of("ledger", "memory", "add", "t", "--evidence", "e",
          index), false, false);

      assertThat(exit).isEqualTo(5);
      assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("weft: `weft ledger memory add` may or may not "
          + "have been applied: the warm server took it, then stopped answering; it was not run a second time — "
          + "check with `weft ledger memory recall` before running it again\n");
      stalled.resume.countDown();
      assertThat(stalled.firstDone.await(60, TimeUnit.SECONDS)).isTrue();
      assertThat(warm.run("ledger", "memory", "get", "memory:1", index).exit()).isZero();
      assertThat(warm.run("ledger", "memory", "get", "memory:2", index).exit()).as("added once").isEqualTo(1);
    }
  }

  @Test
  void aCallNamingTheCallersStdinRunsColdAndTheServerNeverReadsItsOwn() throws Exception {
    AtomicInteger runs = new AtomicInteger();
    try (WarmFixture warm = WarmFixture.start(tmp, (request, out, err) -> runs.incrementAndGet())) {
      WarmFixture.Result result = warm.run("ledger", "memory", "add", "t", "--evidence-json=@/dev/stdin",
          "--verbose");

      assertThat(result.exit()).isEqualTo(WarmClient.COLD);
      assertThat(result.err()).contains("`/dev/stdin` names this process's own stdin");
      assertThat(runs).hasValue(0);
    }
  }

  private static WarmClient client(WarmFixture warm, ByteArrayOutputStream err) {
    return new WarmClient(warm.runDir, (k, d) -> {
      throw new AssertionError("a live server is not replaced");
    }, new ByteArrayOutputStream(), err, 30_000_000_000L, SILENCE_NANOS);
  }

  /** A runner whose commands wait until resumed, then run {@code then}: a server stopped mid-command. */
  static final class Stalled implements WarmServer.Runner {
    final CountDownLatch resume = new CountDownLatch(1);
    final AtomicInteger runs = new AtomicInteger();
    /** Counted down when the first command has run to its end. */
    final CountDownLatch firstDone = new CountDownLatch(1);
    private final WarmServer.Runner then;

    Stalled(WarmServer.Runner then) {
      this.then = then;
    }

    @Override
    public int run(Wire.Request request, PrintWriter out, PrintWriter err) {
      runs.incrementAndGet();
      try {
        if (!resume.await(60, TimeUnit.SECONDS)) {
          return 9;
        }
      } catch (InterruptedException e) {
        return 8;
      }
      try {
        return then.run(request, out, err);
      } finally {
        firstDone.countDown();
      }
    }

    void resumeAndDrain(WarmFixture warm) throws InterruptedException {
      resume.countDown();
      warm.server.close();
      assertThat(warm.server.drain(Duration.ofSeconds(30))).isTrue();
    }
  }
}
