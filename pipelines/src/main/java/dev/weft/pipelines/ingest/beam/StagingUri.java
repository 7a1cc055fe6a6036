package dev.weft.pipelines.ingest.beam;

import dev.weft.transforms.beam.StagedShards;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.options.PipelineOptions;

/**
 * A {@code --staging} value checked before anything runs: a Beam FileSystem directory whose scheme has a
 * FileSystem registered on the class path. A plain path means the local disk.
 */
final class StagingUri {
  /** The Beam module that registers each well-known scheme, for the error that says what to add. */
  private static final Map<String, String> MODULES = Map.of(
      "gs", "org.apache.beam:beam-sdks-java-extensions-google-cloud-platform-core",
      "s3", "org.apache.beam:beam-sdks-java-io-amazon-web-services2",
      "hdfs", "org.apache.beam:beam-sdks-java-io-hadoop-file-system",
      "azfs", "org.apache.beam:beam-sdks-java-io-azure");

  private StagingUri() {}

  /**
   * The staging directory {@code spec} names, as a URI string ending in {@code /}.
   *
   * @throws IllegalArgumentException naming the scheme and the Beam module to add, or the malformed value
   */
  static String parse(String spec, PipelineOptions options) {
    return parse(spec, "--staging", options);
  }

  /** A {@code java.net.URI} option's directory, checked as {@link #parse(String, String, PipelineOptions)}. */
  static String parse(URI value, String option, PipelineOptions options) {
    return parse(value == null ? null : LocationUri.text(value), option, options);
  }

  /** As {@link #parse(String, PipelineOptions)} for {@code option}, the name its errors give. */
  static String parse(String spec, String option, PipelineOptions options) {
    if (spec == null || spec.isBlank()) {
      throw new IllegalArgumentException(option + " must be a directory URI (file:///..., gs://...), got: \"\"");
    }
    String uri = hasScheme(spec) ? spec : Path.of(spec).toAbsolutePath().normalize().toUri().toString();
    String scheme = URI.create(uri.replace(" ", "%20")).getScheme();
    // registers every FileSystem on the class path with these options (a no-op when they are the registered
    // ones): Beam keeps one registry per JVM, and what an earlier run or check registered may lack this run's
    // configuration (an S3 endpoint, a Hadoop configuration without which the hdfs scheme is not served at all)
    FileSystems.setDefaultPipelineOptions(options);
    ResourceId dir;
    try {
      dir = StagedShards.directory(uri);
    } catch (IllegalArgumentException e) {
      String module = MODULES.get(scheme);
      throw new IllegalArgumentException(option + " " + spec + ": no Beam FileSystem for scheme \"" + scheme
          + "\" is on the class path; " + (module == null
              ? "use file:///..., gs://, s3:// or hdfs:// with its Beam filesystem module"
              : "add " + module + " (the Beam version of this build) to the class path")
          + ", or stage on a shared disk with file:///...", e);
    }
    return dir.toString();
  }

  private static boolean hasScheme(String spec) {
    try {
      String scheme = new URI(spec.replace(" ", "%20")).getScheme();
      // a Windows drive letter is a path, not a scheme
      return scheme != null && scheme.length() > 1;
    } catch (URISyntaxException e) {
      return false;
    }
  }
}
