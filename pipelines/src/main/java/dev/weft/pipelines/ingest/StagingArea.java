package dev.weft.pipelines.ingest;

import dev.weft.context.error.StorageFailureException;
import dev.weft.transforms.beam.StagedShards;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.UUID;
import org.apache.beam.sdk.io.fs.ResolveOptions.StandardResolveOptions;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.options.PipelineOptions;

/**
 * Where the Beam runs of one index stage their shards: {@code <base>/weft-<index hash>/run-<id>/}, or
 * {@code INDEX/staging/run-<id>/} when no base is given. Each run stages under a fresh id and the driver reads back
 * only its own id, so what a killed run left is never merged; the next run, holding the index's write lock,
 * removes it. The index hash keeps two indexes that share one staging base out of each other's runs.
 *
 * @param runs the directory holding this index's run directories, a URI string ending in {@code /}
 */
record StagingArea(String runs) {
  /** The Beam argument naming a staging base ({@code --staging=gs://bucket/weft/}). */
  static final String ARG = "--staging=";

  /**
   * The area for {@code indexDir}: under {@code base} (a Beam FileSystem URI, checked) or, when null, under the
   * index directory.
   */
  static StagingArea of(String base, Path indexDir, PipelineOptions options) {
    if (base == null) {
      return new StagingArea(StagingUri.parse(indexDir.resolve(IndexRuns.STAGING).toString(), options));
    }
    String dir = StagingUri.parse(base, options);
    return new StagingArea(dir + "weft-" + indexKey(indexDir) + "/");
  }

  /** A directory no other run uses. */
  ResourceId newRun() {
    return dir().resolve("run-" + System.currentTimeMillis() + "-" + UUID.randomUUID().toString().substring(0, 8),
        StandardResolveOptions.RESOLVE_DIRECTORY);
  }

  /** Deletes every run directory: call only while holding the index's write lock, so none is in use. */
  void removeAbandoned() {
    delete(dir(), "the staging runs of killed Beam runs");
  }

  /** Deletes one run's staging. */
  static void delete(ResourceId run, String what) {
    try {
      StagedShards.deleteTree(run);
    } catch (IOException e) {
      throw new StorageFailureException(null, "cannot remove " + what + " in " + run + ": " + e
          + "; delete it by hand (no run is using it), then rerun", e);
    }
  }

  private ResourceId dir() {
    return StagedShards.directory(runs);
  }

  /** A short stable name of the index directory, the same on every machine that names it the same way. */
  static String indexKey(Path indexDir) {
    try {
      byte[] hash = MessageDigest.getInstance("SHA-256").digest(
          indexDir.toAbsolutePath().normalize().toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(hash, 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM must provide SHA-256", e);
    }
  }
}
