package dev.weft.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.index.UpdateOptions;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.ingest.IngestRequest;
import dev.weft.pipelines.ingest.IngestSettingsBuilder;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * The facade's run and the ingest layer's request are built by one list of setters with one default per knob, so
 * the same calls make the same source and settings through either.
 */
class IndexRunSettingsPropertyTest {
  private static final Path ROOT = Path.of("/corpus");
  private static final Path DATA = Path.of("/data/faq.jsonl");
  private static final Path INDEX = Path.of("/index");

  @Test
  void theDefaultsAreOneSetWhicheverBuilderIsUsed() {
    assertThat(IndexRun.tree(ROOT).build().settings()).isEqualTo(IngestRequest.directory(ROOT,
        IndexLocation.of(INDEX)).build()
        .settings());
    assertThat(IndexRun.tree(ROOT).build().source()).isEqualTo(IngestRequest.directory(ROOT,
        IndexLocation.of(INDEX)).build()
        .source());
    assertThat(IndexRun.dataset(DATA).build().source()).isEqualTo(IngestRequest.dataset(DATA,
        IndexLocation.of(INDEX)).build()
        .source());
    assertThat(UpdateOptions.of("/corpus", "stamp").keepGenerations())
        .isEqualTo(IndexRun.tree(ROOT).build().settings().keepGenerations())
        .isEqualTo(GenerationManifest.DEFAULT_KEEP_GENERATIONS);
  }

  @Property(tries = 200)
  void aTreeRunAndARequestFromTheSameSettersAreTheSame(@ForAll boolean force, @ForAll Runner runner,
      @ForAll @IntRange(min = 1, max = 50_000) int beamThreshold, @ForAll @IntRange(min = 1, max = 9) int keep,
      @ForAll @IntRange(min = 1, max = 256) int batch, @ForAll @LongRange(min = 1, max = 1 << 30) long maxBytes,
      @ForAll boolean watchListing, @ForAll boolean scoped, @ForAll boolean java) {
    List<String> paths = scoped ? List.of("src", "docs/guide.md") : List.of();
    List<String> extensions = java ? List.of("java", ".md") : List.of();
    IndexRun run = sameSetters(IndexRun.tree(ROOT), force, runner, beamThreshold, keep, batch)
        .paths(paths).extensions(extensions).maxFileBytes(maxBytes).watchListing(watchListing).build();
    IngestRequest request = sameSetters(IngestRequest.directory(ROOT, IndexLocation.of(INDEX)), force, runner,
        beamThreshold, keep,
        batch).paths(paths).extensions(extensions).maxFileBytes(maxBytes).watchListing(watchListing).build();

    assertThat(run.source()).isEqualTo(request.source());
    assertThat(run.settings()).isEqualTo(request.settings());
  }

  @Property(tries = 100)
  void aDatasetRunAndARequestFromTheSameSettersAreTheSame(@ForAll boolean force, @ForAll Runner runner,
      @ForAll @IntRange(min = 1, max = 50_000) int beamThreshold, @ForAll @IntRange(min = 1, max = 9) int keep,
      @ForAll @IntRange(min = 1, max = 256) int batch, @ForAll Kind kind, @ForAll boolean markdown) {
    String format = markdown ? "markdown" : "text";
    IndexRun run = sameSetters(IndexRun.dataset(DATA), force, runner, beamThreshold, keep, batch)
        .datasetKind(kind).datasetFormat(format).build();
    IngestRequest request = sameSetters(IngestRequest.dataset(DATA, IndexLocation.of(INDEX)), force, runner,
        beamThreshold, keep,
        batch).datasetKind(kind).datasetFormat(format).build();

    assertThat(run.source()).isEqualTo(request.source());
    assertThat(run.settings()).isEqualTo(request.settings());
  }

  private static <B extends IngestSettingsBuilder<B>> B sameSetters(B builder, boolean force, Runner runner,
      int beamThreshold, int keep, int batch) {
    B set = builder.force(force).runner(runner).beamThreshold(beamThreshold).keepGenerations(keep)
        .embedBatchSize(batch).exportParquet(force ? Path.of("/export") : null);
    // Beam options only where the runner may run Beam: with inprocess they are refused, the same way by both
    return runner == Runner.INPROCESS ? set : set.parallelism(batch).beamOption("flinkMaster", "[local]");
  }
}
