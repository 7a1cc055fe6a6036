package dev.weft.transforms.beam;

import dev.weft.transforms.program.ResultKeys;
import dev.weft.transforms.program.StoredResult;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.ResolveOptions.StandardResolveOptions;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.util.MimeTypes;

/**
 * The map results of one program fingerprint on a Beam file system ({@code file://} here; {@code gs://}, {@code
 * s3://} and the rest once their Beam module is on the class path): one small JSON file per item address,
 * {@code <results>/<fingerprint>/<sha256(address)>.json}.
 *
 * <p>A result is written as soon as its call returns, under a {@code .partial} name, and then renamed to its
 * {@code .json} name: a run killed mid-write leaves at most a {@code .partial} file, which no listing matches, so
 * a half-written entry never counts as done (on object stores the object appears whole or not at all anyway). A
 * file that still does not parse counts as not done too ({@link StoredResult#parse}), and is overwritten.
 */
public final class ResultStore implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String results;
  private final String fingerprint;

  private ResultStore(String results, String fingerprint) {
    this.results = results;
    this.fingerprint = fingerprint;
  }

  /**
   * @param results the store's root, a directory path or a file-system URI ({@code file:///…}, {@code gs://…})
   * @param fingerprint the program fingerprint (the plan's sha-256 of its canonical JSON), a directory name
   */
  public static ResultStore at(String results, String fingerprint) {
    if (results == null || results.isBlank()) {
      throw new IllegalArgumentException("results location must be a non-blank path or URI, got: "
          + (results == null ? "null" : "\"" + results + "\""));
    }
    if (fingerprint == null || !fingerprint.matches("[0-9a-zA-Z_-]{1,64}")) {
      throw new IllegalArgumentException("program fingerprint must be 1 to 64 letters, digits, '_' or '-', got: "
          + fingerprint);
    }
    return new ResultStore(results, fingerprint);
  }

  public String results() {
    return results;
  }

  public String fingerprint() {
    return fingerprint;
  }

  /** The glob that matches every complete result of this fingerprint. */
  public String donePattern() {
    return directory().resolve("*" + ResultKeys.SUFFIX, StandardResolveOptions.RESOLVE_FILE).toString();
  }

  /** Writes {@code result} under its address, replacing what was there; complete once this returns. */
  public void put(StoredResult result) {
    ResourceId target = directory().resolve(ResultKeys.fileName(result.address()),
        StandardResolveOptions.RESOLVE_FILE);
    ResourceId partial = directory().resolve(ResultKeys.fileName(result.address()) + "."
        + UUID.randomUUID() + ResultKeys.PARTIAL_SUFFIX, StandardResolveOptions.RESOLVE_FILE);
    try {
      try (WritableByteChannel channel = FileSystems.create(partial, MimeTypes.TEXT);
          OutputStream out = Channels.newOutputStream(channel)) {
        out.write(result.toJson().getBytes(StandardCharsets.UTF_8));
      }
      FileSystems.rename(List.of(partial), List.of(target));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the map result of " + result.address() + " to " + target
          + ": check that the results location is writable, or pass another with --results", e);
    }
  }

  private ResourceId directory() {
    String root = localFileUri(results);
    root = root.endsWith("/") ? root : root + "/";
    return FileSystems.matchNewResource(root, true)
        .resolve(fingerprint, StandardResolveOptions.RESOLVE_DIRECTORY);
  }

  /**
   * A {@code file:} URI as the local path it names. Beam's LocalFileSystem takes its spec as a path, so
   * {@code file:///shared/results/} became the relative directory {@code file:/shared/results} in each worker's
   * working directory (FlinkSessionClusterTest found the results there, not under /shared/results).
   */
  static String localFileUri(String spec) {
    return spec.startsWith("file:") ? Path.of(URI.create(spec)).toString() + (spec.endsWith("/") ? "/" : "") : spec;
  }
}
