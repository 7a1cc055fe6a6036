package dev.weft.models.openai;

import dev.weft.context.embed.Embedder;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.models.embed.EmbedderContractTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Timeout;

/** The contract against {@link StubEmbeddingsServer}, which answers out of order and unnormalised. */
// A guard, not a timing assertion: a hung request must fail the test, not the build.
@Timeout(60)
class OpenAiEmbedderContractTest extends EmbedderContractTest {
  private final StubEmbeddingsServer server;

  OpenAiEmbedderContractTest() {
    try {
      server = new StubEmbeddingsServer(32);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @AfterAll
  void stop() {
    server.close();
  }

  @Override
  protected EmbedderSpec spec() {
    // batches of 2, so the contract's batches span several requests
    return new OpenAiEmbedderSpec(server.baseUrl(), "stub-embed", 32, null, 2, Duration.ofSeconds(10), 0);
  }

  @Override
  protected Embedder newEmbedder() {
    return new OpenAiEmbedder((OpenAiEmbedderSpec) spec(), duration -> {}, name -> null);
  }
}
