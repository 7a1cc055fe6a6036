package dev.weft.transforms.beam;

import java.net.URI;
import java.nio.file.Path;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.ResourceId;

/**
 * A path option of a job or pipeline read as Beam names a resource ({@code FileSystems.matchNewResource}): the one
 * reading of {@code --root}, {@code --index}, {@code --out} and the like, so a local path and a {@code file:} URI mean
 * the same everywhere and a scheme nobody serves is refused naming the option.
 */
public final class ResourcePaths {
  private ResourcePaths() {}

  /**
   * A local path or {@code file:} URI: for what the caller reads or writes on its own disk, where a remote URI is
   * bad input naming the option.
   *
   * @param why what the caller does there, for the message ({@code the driver reads and publishes it on its own
   *     disk})
   */
  public static Path localPath(String value, String option, String why) {
    ResourceId resource;
    try {
      resource = resource(value, option);
    } catch (IllegalArgumentException unknownScheme) {
      resource = null;
    }
    if (resource == null || !"file".equals(resource.getScheme())) {
      throw new IllegalArgumentException(option + " must be a local path or a file: URI, got: " + value + "; "
          + why);
    }
    // a LocalResourceId prints its path: a directory's with a trailing separator, which Path drops
    return Path.of(resource.toString());
  }

  /**
   * The {@code --index} option of a Beam job or pipeline, the one reading of it: the local directory it names, or null
   * when it is not given (the caller then finds the index as the CLI does, {@code IndexLocation.forRead/forWrite}).
   * Local, because the index is locked, merged into and published with local file operations: by the driver, and
   * in a streaming run by whichever worker publishes a window (a shared mount on a cluster).
   */
  public static Path index(String value) {
    return value == null ? null : localPath(value, "--index", "the driver (and, streaming, any worker that "
        + "publishes a window) locks and publishes it on its own disk: a shared mount on a cluster");
  }

  /**
   * A {@code java.net.URI} option as {@link #localPath(String, String, String)} reads its text. Jackson parses a
   * plain path ({@code /data/x}, {@code corpus}) as a URI without a scheme: its decoded path is the local path.
   */
  public static Path localPath(URI value, String option, String why) {
    return localPath(spec(value), option, why);
  }

  /**
   * The text Beam reads a resource from: the URI itself, or the decoded path of one without a scheme (the same
   * reading as pipelines' LocationUri.text, which this module cannot depend on).
   */
  private static String spec(URI value) {
    if (value == null) {
      return null;
    }
    return value.getScheme() == null ? value.getPath() : value.toString();
  }

  /**
   * The option as a Beam resource: a local path (a file: URI implied) or a URI of a Beam FileSystem on the class
   * path; a scheme none serves is refused naming the option, the value and what to add.
   */
  public static ResourceId resource(String value, String option) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(option + " must be a path or a URI, got: "
          + (value == null ? "nothing" : "\"" + value + "\""));
    }
    try {
      // Beam's LocalFileSystem reads its spec as a path: a file: URI would become a relative "file:" directory
      String spec = value.startsWith("file:") ? Path.of(URI.create(value)).toString() : value;
      return FileSystems.matchNewResource(spec, value.endsWith("/"));
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw new IllegalArgumentException(option + " " + value + ": " + e.getMessage() + "; pass a local path or a "
          + "file: URI, or add the Beam FileSystem module of that scheme to the class path", e);
    }
  }
}
