package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubFault;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.model.stub.StubReply.ToolCall;
import dev.weft.agents.model.stub.StubReply.Usage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft agent} stopped by a real signal (SIGTERM, what {@link Process#destroy()} sends on Linux; SignalStop
 * treats INT and TERM alike) while its second model call is in flight: the run ends {@code cancelled} with exit 6,
 * the call in flight is aborted, the partial transcript is kept in the ledger, and {@code --resume} continues it
 * with the same history (the recall the model made before the signal is in the resumed request).
 */
class AgentSignalProcessTest {
  private static final long DEADLINE_SECONDS = 180;
  private static final Usage USAGE = new Usage(4, 3);

  @TempDir Path tmp;

  @Test
  void aSignalCancelsTheRunKeepsItsTranscriptAndResumeContinuesIt() throws Exception {
    Path root = GoldenCorpusTest.copy(GoldenCorpusTest.GOLDEN, tmp.resolve("corpus"));
    String index = tmp.resolve("index").toString();
    CliRun indexed = CliRun.of("index", root.toString(), "--index", index, "--quiet", "--runner", "inprocess");
    assertThat(indexed.exit()).as(indexed.err()).isZero();
    Path err = tmp.resolve("stderr.txt");
    String runId;
    try (StubChatServer stub = new StubChatServer()) {
      stub.replies(request -> StubReply.toolCalls(List.of(new ToolCall("call_1", "recall",
          "{\"query\": \"refill permits\", \"kind\": \"code\"}")), USAGE));
      stub.failCall(2, StubFault.stall()); // the second call stays in flight until the client leaves
      List<String> command = List.of(McpChild.java(), "-cp", System.getProperty("java.class.path"),
          WeftCli.class.getName(), "agent", "how are permits refilled?", "--index", index, "--model", "m",
          "--base-url", stub.baseUrl(), "--api-key-env", "WEFT_TEST_NO_KEY");
      Process process = McpChild.start(command, err, Map.of("WEFT_NO_SERVER", "1"));
      try {
        stub.awaitCallsAtLeast(2); // the recall ran and the stalled second call arrived
        stub.awaitInFlightAtLeast(1);

        process.destroy(); // SIGTERM
        assertThat(process.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)).as(Files.readString(err)).isTrue();
        assertThat(process.exitValue()).as(Files.readString(err)).isEqualTo(6);
      } finally {
        process.destroyForcibly();
      }
      stub.awaitInFlightAtMost(0); // the call in flight was aborted, not abandoned
      Matcher id = Pattern.compile("run (\\S+) stopped \\(cancelled\\)").matcher(Files.readString(err));
      assertThat(id.find()).as(Files.readString(err)).isTrue();
      runId = id.group(1);
    }
    try (StubChatServer stub = new StubChatServer()) {
      stub.replies(request -> StubReply.text("refill() tops the bucket up.", USAGE));
      CliRun resumed = CliRun.of("agent", "--resume", runId, "--index", index, "--model", "m", "--base-url",
          stub.baseUrl(), "--api-key-env", "WEFT_TEST_NO_KEY");

      assertThat(resumed.exit()).as(resumed.err()).isZero();
      assertThat(resumed.out().strip()).isEqualTo("refill() tops the bucket up.");
      String sent = stub.requests().get(0).body().path("messages").toString();
      assertThat(sent).contains("how are permits refilled?").contains("call_1").contains("RateLimiter");
    }
  }
}
