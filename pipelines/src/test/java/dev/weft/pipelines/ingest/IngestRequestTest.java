package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.pipelines.Runner;
import dev.weft.transforms.ingest.PathScope;
import dev.weft.transforms.route.Router;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One rule per value, checked once, and every rule between values, each naming what it refuses. */
class IngestRequestTest {
  private static final Path ROOT = Path.of("/corpus");
  private static final Path INDEX = Path.of("/index");
  private static final Path DATA = Path.of("/data/corpus.jsonl");

  @Test
  void defaultsAreTheDocumentedOnes() {
    IngestRequest request = IngestRequest.of(ROOT, IndexLocation.of(INDEX));

    assertThat(request.source()).isEqualTo(DirectorySource.of(ROOT));
    IngestSettings settings = request.settings();
    assertThat(settings.force()).isFalse();
    assertThat(settings.runner()).isEqualTo(Runner.AUTO);
    assertThat(settings.beamThreshold()).isEqualTo(IngestRequest.DEFAULT_BEAM_THRESHOLD);
    assertThat(settings.keepGenerations()).isEqualTo(GenerationManifest.DEFAULT_KEEP_GENERATIONS);
    assertThat(settings.embedBatchSize()).isEqualTo(32);
    assertThat(settings.embedder()).isNull();
    assertThat(settings.exportParquet()).isNull();
    assertThat(IngestRequest.dataset(DATA, IndexLocation.of(INDEX)).build().source())
        .isEqualTo(new DatasetSource(DATA, Kind.DOC, "text"));
  }

  @Test
  void eachNumberMustBeAtLeastOneNamingTheValue() {
    assertThatThrownBy(() -> IngestRequest.directory(ROOT, IndexLocation.of(INDEX)).embedBatchSize(0).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("embed batch size must be at least 1, got: 0");
    assertThatThrownBy(() -> IngestRequest.dataset(DATA, IndexLocation.of(INDEX)).embedBatchSize(-3).build())
        .hasMessage("embed batch size must be at least 1, got: -3");
    assertThatThrownBy(() -> IngestRequest.directory(ROOT, IndexLocation.of(INDEX)).beamThreshold(0).build())
        .hasMessage("beam threshold must be at least 1, got: 0");
    assertThatThrownBy(() -> IngestRequest.dataset(DATA, IndexLocation.of(INDEX)).keepGenerations(0).build())
        .hasMessage("generations to keep must be at least 1, got: 0");
    assertThatThrownBy(() -> IngestRequest.directory(ROOT, IndexLocation.of(INDEX)).maxFileBytes(0).build())
        .hasMessage("max file bytes must be at least 1, got: 0");
  }

  @Test
  void beamArgumentsMustBeOptions() {
    assertThatThrownBy(() -> IngestRequest.directory(ROOT,
        IndexLocation.of(INDEX)).beamArgs(List.of("parallelism=2")).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Beam arguments must look like --name=value, got: parallelism=2");
  }

  @Test
  void aDatasetFormatMustBeNonBlank() {
    assertThatThrownBy(() -> IngestRequest.dataset(DATA, IndexLocation.of(INDEX)).datasetFormat(" ").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("record chunking format must be non-blank, got: \" \"");
  }

  @Test
  void beamArgumentsNeedARunnerThatRunsBeam() {
    assertThatThrownBy(() -> IngestRequest.directory(ROOT, IndexLocation.of(INDEX)).runner(Runner.INPROCESS)
            .beamArgs(List.of("--parallelism=2")).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Beam arguments need runner auto, direct or flink, got runner inprocess with: --parallelism=2");
    assertThat(IngestRequest.directory(ROOT,
        IndexLocation.of(INDEX)).runner(Runner.FLINK).beamArgs(List.of("--parallelism=2"))
        .build().settings().beamArgs()).containsExactly("--parallelism=2");
  }

  @Test
  void directoryValuesAreRefusedOnADatasetAndDatasetValuesOnADirectory() {
    assertThatThrownBy(() -> IngestRequest.dataset(DATA,
        IndexLocation.of(INDEX)).scope(new PathScope(List.of("docs/"))).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("paths, extensions, a file size cap and a listing watch apply to a directory, not to the "
            + "dataset /data/corpus.jsonl, got: paths [docs]");
    assertThatThrownBy(() -> IngestRequest.dataset(DATA, IndexLocation.of(INDEX)).router(Router.defaults()).build())
        .hasMessageEndingWith("got: extensions " + Router.defaults().extensions());
    assertThatThrownBy(() -> IngestRequest.dataset(DATA, IndexLocation.of(INDEX)).maxFileBytes(10).build())
        .hasMessageEndingWith("got: max file bytes 10");
    assertThatThrownBy(() -> IngestRequest.dataset(DATA, IndexLocation.of(INDEX)).watchListing(false).build())
        .hasMessageEndingWith("got: watch listing false");
    assertThatThrownBy(() -> IngestRequest.directory(ROOT, IndexLocation.of(INDEX)).datasetKind(Kind.CODE).build())
        .hasMessage("a record kind or format applies to a dataset, not to the directory /corpus, got: kind code");
    assertThatThrownBy(() -> IngestRequest.directory(ROOT, IndexLocation.of(INDEX)).datasetFormat("markdown").build())
        .hasMessageEndingWith("got: format markdown");
    // the full scope is every run's default, so it is no dataset mistake
    assertThat(IngestRequest.dataset(DATA,
        IndexLocation.of(INDEX)).scope(PathScope.all()).build().source()).isInstanceOf(
        DatasetSource.class);
  }

  @Test
  void toBuilderKeepsEveryValue() {
    IngestRequest directory = IngestRequest.directory(ROOT, IndexLocation.of(INDEX)).force(true).runner(Runner.DIRECT)
        .beamThreshold(7).beamArgs(List.of("--parallelism=2")).keepGenerations(3).embedBatchSize(8)
        .exportParquet(Path.of("/export")).scope(new PathScope(List.of("src/"))).maxFileBytes(99)
        .router(Router.defaults().withExtensions(List.of("md"))).watchListing(false).build();
    IngestRequest dataset = IngestRequest.dataset(DATA,
        IndexLocation.of(INDEX)).datasetKind(Kind.CODE).datasetFormat("markdown").build();

    assertThat(directory.toBuilder().build()).isEqualTo(directory);
    assertThat(dataset.toBuilder().build()).isEqualTo(dataset);
    assertThat(directory.toBuilder().force(false).build().settings().force()).isFalse();
  }
}
