package dev.weft.jobs.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.api.IndexOutcome;
import dev.weft.api.IndexRun;
import dev.weft.api.Weft;
import dev.weft.context.error.IndexBusyException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The background index {@code weft mcp} starts on initialize: the handshake and recalls are answered while it runs
 * (recalls from the served generation), and a run still going at shutdown is abandoned after the wait. The run is
 * held at a latch, so the order is driven, not timed.
 */
class McpBackgroundIndexTest {
  @TempDir Path tmp;
  private final StringWriter err = new StringWriter();
  private final PrintWriter log = new PrintWriter(err, true);
  private final CountDownLatch entered = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);

  private Function<IndexRun, IndexOutcome> heldAtLatch(Weft weft) {
    return run -> {
      entered.countDown();
      try {
        if (!release.await(60, TimeUnit.SECONDS)) {
          throw new IllegalStateException("the test never released the run");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
      return weft.index(run);
    };
  }

  private Path corpus(String text) throws Exception {
    Path corpus = Files.createDirectories(tmp.resolve("corpus"));
    Files.writeString(corpus.resolve("notes.md"), text);
    return corpus;
  }

  @Test
  void theHandshakeAndRecallsAreAnsweredWhileTheRunIsHeldAndItsGenerationIsServedAfter() throws Exception {
    Path corpus = corpus("# Notes\n\nThe old limiter drops requests.\n");
    try (Weft weft = Weft.open(tmp.resolve("index"))) {
      weft.index(corpus);
      Files.writeString(corpus.resolve("notes.md"), "# Notes\n\nThe new limiter queues requests.\n");
      McpCorpus mcpCorpus = new McpCorpus(weft, List.of()); // no --root: the tree the index was built from
      InJvmMcp server = InJvmMcp.start(weft, mcpCorpus, new McpBackgroundIndex(mcpCorpus::run, heldAtLatch(weft),
          log), Map.of(), log);
      McpClient client = server.client();

      assertThat(client.initialize().at("/result/protocolVersion").asText()).isEqualTo("2025-06-18");
      assertThat(entered.await(60, TimeUnit.SECONDS)).as("the run started").isTrue();
      // the run is held: recall answers from generation 1
      assertThat(client.call("recall", "{\"query\":\"queues\",\"kind\":\"doc\"}").at("/structuredContent/hits"))
          .isEmpty();
      assertThat(client.call("recall", "{\"query\":\"drops\",\"kind\":\"doc\"}")
          .at("/structuredContent/hits/0/path").asText()).isEqualTo("notes.md");

      release.countDown();
      server.stop(); // EOF: the server gives the run up to the shutdown wait to finish
      assertThat(err.toString()).contains("weft mcp: background index published generation 2");
      assertThat(weft.generations().served()).isEqualTo(2);
    }
  }

  @Test
  void aRunStillGoingAtShutdownIsAbandonedAfterTheWait() throws Exception {
    Path corpus = corpus("# Notes\n\ntext\n");
    try (Weft weft = Weft.open(tmp.resolve("index"))) {
      McpCorpus mcpCorpus = new McpCorpus(weft, corpus);
      InJvmMcp server = InJvmMcp.start(weft, mcpCorpus, new McpBackgroundIndex(mcpCorpus::run, heldAtLatch(weft),
          log), Map.of(WeftMcp.SHUTDOWN_WAIT, "0"), log);
      server.client().initialize();
      assertThat(entered.await(60, TimeUnit.SECONDS)).isTrue();
      server.stop();
      assertThat(err.toString()).contains("background index still running after 0 s at shutdown; abandoning it");
      assertThat(Files.exists(tmp.resolve("index/CURRENT"))).as("nothing published").isFalse();
    } finally {
      release.countDown();
    }
  }

  @Test
  void withoutACorpusItSaysSoAndTheServerGoesOn() throws Exception {
    try (Weft weft = Weft.open(tmp.resolve("index"))) {
      McpCorpus mcpCorpus = new McpCorpus(weft, List.of());
      McpBackgroundIndex background = new McpBackgroundIndex(mcpCorpus::run, weft::index, log);
      InJvmMcp server = InJvmMcp.start(weft, mcpCorpus, background, Map.of(), log);
      server.client().initialize();
      assertThat(server.client().request("ping", null).has("result")).isTrue();
      server.stop();
      assertThat(err.toString()).contains("weft mcp: no background index: the server has no corpus");
    }
  }

  @Test
  void aRunThatFindsTheIndexBusyIsSkippedNotFailed() throws Exception {
    Path corpus = corpus("# Notes\n\ntext\n");
    Path lock = tmp.resolve("index/lucene/write.lock");
    try (Weft weft = Weft.open(tmp.resolve("index"))) {
      McpCorpus mcpCorpus = new McpCorpus(weft, corpus);
      McpBackgroundIndex background = new McpBackgroundIndex(mcpCorpus::run, run -> {
        throw new IndexBusyException("cannot start an update", lock, null);
      }, log);
      InJvmMcp server = InJvmMcp.start(weft, mcpCorpus, background, Map.of(), log);
      server.client().initialize();
      server.stop();
      assertThat(err.toString()).contains("weft mcp: background index skipped: cannot start an update: another "
          + "run holds " + lock);
    }
  }
}
