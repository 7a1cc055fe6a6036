package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.IndexLocation;
import dev.weft.context.embed.EmbedFailureReason;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.context.generation.RequestedEmbedder;
import dev.weft.index.CorpusIndex;
import dev.weft.models.EmbedderSpecs;
import dev.weft.models.openai.OpenAiEmbedderSpec;
import dev.weft.pipelines.Runner;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue #7: why embedding failed is counted, reported and dead-lettered; the breaker; embed-missing's failure. */
class EmbedFailureIngestTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path tmp;
  Path root;
  Path indexDir;

  @BeforeEach
  void setUp() {
    root = Corpora.copyGolden(tmp.resolve("corpus"));
    indexDir = tmp.resolve("index");
  }

  private IngestReport ingest(dev.weft.context.embed.EmbedderSpec spec, int batch) {
    return new Ingester().run(IngestRequest.directory(root, IndexLocation.of(indexDir)).runner(Runner.INPROCESS)
        .embedder(spec).embedBatchSize(batch).build());
  }

  @Test
  void failedChunksAreCountedByReasonDeadLetteredAndTheBreakerStopsCallingTheEmbedder() throws IOException {
    FailingEmbedderSpec failing = new FailingEmbedderSpec(EmbedFailureReason.HTTP_5XX, 3);

    IngestReport report = ingest(failing, 2);

    long chunks = report.counter("chunks");
    assertThat(report.counter("embed_failed")).isEqualTo(chunks);
    long sent = report.counter("embed_failed.http_5xx");
    long notSent = report.counter("embed_failed.circuit_open");
    assertThat(sent + notSent).isEqualTo(chunks);
    // every worker may have one batch in flight when the third failure opens the breaker
    int workers = Runtime.getRuntime().availableProcessors();
    assertThat(failing.calls().get()).isBetween(3, 3 + workers - 1);
    assertThat(sent).isLessThanOrEqualTo(2L * failing.calls().get());
    assertThat(notSent).isPositive();
    assertThat(report.embedFailures()).extracting(EmbedFailureSummary::reason)
        .containsExactly("http_5xx", "circuit_open");
    assertThat(report.embedFailureLine())
        .startsWith("embedding failed for " + chunks + " chunks: http_5xx x " + sent
            + " (first: endpoint http://embed.invalid answered 503 three times); circuit_open x " + notSent)
        .contains("failed 3 batches in a row").doesNotContain("\n");
    List<JsonNode> letters = new ArrayList<>();
    for (String line : BadInputTest.lines(report.deadLetterFile())) {
      letters.add(JSON.readTree(line));
    }
    assertThat(letters).hasSize((int) chunks).allSatisfy(letter -> {
      assertThat(letter.path("stage").asText()).isEqualTo("embed");
      assertThat(letter.path("path").asText()).contains("#");
      assertThat(letter.path("reason").asText()).isIn("http_5xx", "circuit_open");
    });
    assertThat(report.counters()).as("an embedding failure is not a refused file").containsEntry("errors", 0L);
  }

  @Test
  void embedMissingAgainstAStillFailingEmbedderPublishesNothingAndFailsWithIoFailure() {
    ingest(new FailingEmbedderSpec(EmbedFailureReason.TIMEOUT, 3), 4);
    long served = current().generation();

    WeftException failure = catchThrowableOfType(
        () -> EmbedMissing.run(IndexLocation.of(indexDir), new FailingEmbedderSpec(EmbedFailureReason.TIMEOUT, 3), 4,
            5),
        WeftException.class);

    assertThat(failure.status()).isEqualTo(ExitStatus.IO_FAILURE);
    assertThat(failure.getMessage()).contains("published nothing", "timeout x", "circuit_open x",
        "run weft embed-missing again").doesNotContain("\n");
    assertThat(current().generation()).isEqualTo(served);
  }

  @Test
  void theRequestedEmbedderIsRecordedEvenWhenEveryBatchFailed() throws IOException {
    String deadUrl;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      deadUrl = "http://127.0.0.1:" + socket.getLocalPort(); // closed below: connections are refused
    }
    OpenAiEmbedderSpec spec =
        new OpenAiEmbedderSpec(deadUrl, "nomic-embed-text", 8, null, 64, Duration.ofSeconds(5), 0, 3);

    IngestReport report = ingest(spec, 32);

    assertThat(report.counter("embed_failed")).isEqualTo(report.counter("chunks"));
    assertThat(report.counter("embed_failed.connect_refused")).isPositive();
    GenerationManifest manifest = current();
    assertThat(manifest.embedder()).as("no vector was made").isNull();
    assertThat(manifest.requestedEmbedder()).isEqualTo(new RequestedEmbedder(spec.identity(),
        "openai:nomic-embed-text@" + deadUrl + "#8?timeout=5s&retries=0"));
    assertThat(EmbedderSpecs.parse(manifest.requestedEmbedder().spec())).isEqualTo(spec);
    // a later run without an embedder keeps the record
    new Ingester().run(IngestRequest.directory(root,
        IndexLocation.of(indexDir)).runner(Runner.INPROCESS).force(true).build());
    assertThat(current().requestedEmbedder()).isEqualTo(manifest.requestedEmbedder());
  }

  private GenerationManifest current() {
    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(indexDir))) {
      return index.current().orElseThrow();
    }
  }
}
