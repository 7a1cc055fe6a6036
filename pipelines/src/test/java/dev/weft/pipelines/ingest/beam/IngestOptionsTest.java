package dev.weft.pipelines.ingest.beam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.IndexLocation;
import dev.weft.transforms.beam.ResourcePaths;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The ingest's location options are typed {@code java.net.URI}s (docs/operations.md, "Pipeline options"): a plain
 * path, a relative one and a {@code file:} URI name the same directory, and a value that is not a URI is one line
 * naming the option.
 */
class IngestOptionsTest {
  @TempDir Path tmp;

  @Test
  void aPlainPathAndAFileUriNameTheSameLocationInEveryLocationOption() {
    Path dir = tmp.resolve("data dir"); // a space: percent-encoded in the URI, decoded back
    IngestOptions plain = options(dir.toString());
    IngestOptions uri = options(dir.toUri().toString());

    for (IngestOptions options : List.of(plain, uri)) {
      assertThat(IngestPipeline.root(options)).isEqualTo(dir);
      assertThat(IngestPipeline.exportDir(options)).isEqualTo(dir);
      assertThat(ResourcePaths.index(options.getIndex())).isEqualTo(dir);
      assertThat(ResourcePaths.localPath(options.getReuseVectorsFrom(), "--reuseVectorsFrom", "test"))
          .isEqualTo(dir);
    }
    assertThat(windowArea(plain)).isEqualTo(windowArea(uri)).contains(dir + "/weft-");
  }

  @Test
  void aPlainPathOnTheCommandLineIsTheUriWithoutAScheme() {
    IngestOptions options = PipelineOptionsFactory.fromArgs("--root=/data/x", "--windowStaging=/data/x")
        .as(IngestOptions.class);
    IngestOptions byUri = PipelineOptionsFactory.fromArgs("--root=file:///data/x", "--windowStaging=file:///data/x")
        .as(IngestOptions.class);

    assertThat(IngestPipeline.root(options)).isEqualTo(IngestPipeline.root(byUri)).isEqualTo(Path.of("/data/x"));
    assertThat(windowArea(options)).isEqualTo(windowArea(byUri)).contains("/data/x/weft-");
  }

  @Test
  void aPlainPathIsParsedAsItsAbsoluteFileUriSoEveryWorkerGetsTheSameLocation() {
    IngestOptions options = PipelineOptionsFactory.fromArgs("--root=/data/my corpus", "--index=index")
        .as(IngestOptions.class);

    assertThat(options.getRoot()).hasToString("file:///data/my%20corpus");
    // --index is a String, as in the jobs' options: read once, on the driver, into the absolute directory
    assertThat(ResourcePaths.index(options.getIndex())).isEqualTo(Path.of("index").toAbsolutePath());
  }

  @Test
  void relativePathsStayAccepted() {
    IngestOptions options = PipelineOptionsFactory.fromArgs("--root=corpus", "--exportParquet=out/chunks")
        .as(IngestOptions.class);

    assertThat(IngestPipeline.root(options)).isEqualTo(Path.of("corpus").toAbsolutePath());
    assertThat(IngestPipeline.exportDir(options)).isEqualTo(Path.of("out/chunks").toAbsolutePath());
  }

  @Test
  void optionalLocationsAreAbsentWhenNotGiven() {
    IngestOptions defaults = PipelineOptionsFactory.fromArgs("--root=/corpus").as(IngestOptions.class);

    assertThat(defaults.getExportParquet()).isNull();
    assertThat(defaults.getReuseVectorsFrom()).isNull();
    assertThat(defaults.getIndex()).isNull();
    assertThat(defaults.getWindowStaging()).isNull();
    assertThat(StreamingIngestPipeline.windowStaging(defaults.getWindowStaging())).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"root", "exportParquet", "reuseVectorsFrom", "windowStaging"})
  void aValueThatIsNotAUriIsOneLineNamingTheOption(String option) {
    String[] args = option.equals("root") ? new String[] {"--root=file:///a b"}
        : new String[] {"--root=/corpus", "--" + option + "=file:///a b"};

    assertThatThrownBy(() -> OptionArgs.parse(args, IngestOptions.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("--" + option + ": ")
        .hasMessageContaining("file:///a b")
        .hasMessageContaining("not a URI")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void aWindowStagingSchemeWithoutAFileSystemIsRefusedNamingTheOption() {
    IngestOptions options = PipelineOptionsFactory.fromArgs("--root=/corpus", "--windowStaging=nosuch://bucket/x")
        .as(IngestOptions.class);

    assertThatThrownBy(() -> windowArea(options))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("--windowStaging nosuch://bucket/x: no Beam FileSystem for scheme \"nosuch\"");
  }

  @Test
  void aRemoteExportOrIndexIsRefusedNamingTheOption() {
    IngestOptions options = PipelineOptionsFactory.fromArgs("--root=/corpus", "--exportParquet=gs://bucket/out",
        "--index=gs://bucket/index").as(IngestOptions.class);

    assertThatThrownBy(() -> IngestPipeline.exportDir(options))
        .hasMessageStartingWith("--exportParquet must be a local path or a file: URI, got: gs://bucket/out; ");
    assertThatThrownBy(() -> StreamingIngestPipeline.build(options))
        .hasMessageStartingWith("--index must be a local path or a file: URI, got: gs://bucket/index; ");
  }

  private static IngestOptions options(String location) {
    Function<String, String> arg = name -> "--" + name + "=" + location;
    return OptionArgs.parse(new String[] {arg.apply("root"), arg.apply("exportParquet"),
        arg.apply("reuseVectorsFrom"), arg.apply("index"), arg.apply("windowStaging")}, IngestOptions.class);
  }

  /** Where the windows of a streaming ingest into INDEX stage with these options. */
  private static String windowArea(IngestOptions options) {
    return StagingArea.ofWindows(StreamingIngestPipeline.windowStaging(options.getWindowStaging()),
        IndexLocation.of(Path.of("/index")), options).runs();
  }
}
