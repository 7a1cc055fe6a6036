package dev.weft.jobs.mcp;

import dev.weft.api.Weft;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** {@code weft mcp}'s serve loop on a thread of this JVM, talked to through pipes. */
record InJvmMcp(McpClient client, CompletableFuture<Void> served) {
  static InJvmMcp start(Weft weft, McpCorpus corpus, McpBackgroundIndex background, Map<String, String> env,
      PrintWriter log) throws IOException {
    return start(weft, corpus, background, env, log, WeftMcp.Settings.DEFAULT);
  }

  static InJvmMcp start(Weft weft, McpCorpus corpus, McpBackgroundIndex background, Map<String, String> env,
      PrintWriter log, WeftMcp.Settings settings) throws IOException {
    PipedInputStream serverIn = new PipedInputStream(1 << 20);
    PipedOutputStream toServer = new PipedOutputStream(serverIn);
    PipedInputStream fromServer = new PipedInputStream(1 << 20);
    PipedOutputStream serverOut = new PipedOutputStream(fromServer);
    CompletableFuture<Void> served = CompletableFuture.runAsync(() -> {
      try (serverOut) {
        WeftMcp.serve(weft, corpus, background, env, serverIn, serverOut, log, settings);
      } catch (IOException | InterruptedException e) {
        throw new IllegalStateException(e);
      }
    });
    return new InJvmMcp(new McpClient(toServer, fromServer), served);
  }

  /** Closes the server's input and waits (with a deadline) for it to return. */
  void stop() throws Exception {
    client.close();
    served.get(60, TimeUnit.SECONDS);
  }
}
