package dev.weft.pipelines.ingest.beam;

import dev.weft.context.IndexLocation;
import dev.weft.context.ScratchDirs;
import dev.weft.context.error.StorageFailureException;
import dev.weft.pipelines.ingest.IndexRuns;
import dev.weft.transforms.beam.StagedShards;
import dev.weft.transforms.beam.WriteIndexShards;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.EmptyMatchTreatment;
import org.apache.beam.sdk.io.fs.MatchResult;
import org.apache.beam.sdk.io.fs.MoveOptions.StandardMoveOptions;
import org.apache.beam.sdk.io.fs.ResolveOptions.StandardResolveOptions;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.options.PipelineOptions;

/**
 * Where the Beam runs of one index stage their shards: {@code <base>/weft-<index hash>/run-<id>/}, or
 * {@code INDEX/staging/run-<id>/} when no base is given. Each run stages under a fresh id and the driver reads back
 * only its own id, so what a killed run left is never merged; the next run, holding the index's write lock,
 * removes it. The index hash keeps two indexes that share one staging base out of each other's runs.
 *
 * <p>A streaming ingest stages its windows in an area of its own ({@link #ofWindows}: {@code INDEX/stream-staging/}
 * or {@code <base>/weft-<index hash>-stream/}), {@code window-<end millis>/shard-<k>/}: its workers stage without the
 * write lock, so a batch run's {@link #removeAbandoned} must not reach them.
 *
 * @param runs the directory holding this index's run directories, a URI string ending in {@code /}
 */
record StagingArea(String runs) {
  /** The Beam argument naming a staging base ({@code --staging=gs://bucket/weft/}). */
  static final String ARG = "--staging=";
  /** The directory under the index a streaming ingest's windows stage in when no base is given. */
  static final String STREAM_STAGING = "stream-staging";

  /**
   * The area for {@code index}: under {@code base} (a Beam FileSystem URI, checked) or, when null, under the
   * index directory.
   */
  static StagingArea of(String base, IndexLocation index, PipelineOptions options) {
    if (base == null) {
      return new StagingArea(StagingUri.parse(index.resolve(IndexRuns.STAGING).toString(), options));
    }
    String dir = StagingUri.parse(base, options);
    return new StagingArea(dir + "weft-" + indexKey(index) + "/");
  }

  /** The area the windows of a streaming ingest into {@code index} stage in. */
  static StagingArea ofWindows(String base, IndexLocation index, PipelineOptions options) {
    if (base == null || base.isBlank()) {
      return new StagingArea(StagingUri.parse(index.resolve(STREAM_STAGING).toString(), options));
    }
    return new StagingArea(StagingUri.parse(base, "--windowStaging", options) + "weft-" + indexKey(index)
        + "-stream/");
  }

  /** The directory the window ending at {@code windowEnd} stages its shards in. */
  ResourceId window(long windowEnd) {
    return StagedShards.directory(WriteIndexShards.windowDir(runs, windowEnd));
  }

  /**
   * Deletes the staging of every window ending at or before {@code windowEnd}: windows publish in order, so an
   * earlier one still staged was abandoned (its change is re-planned by a later window, never lost).
   */
  void removeWindowsThrough(long windowEnd) {
    ResourceId dir = dir();
    try {
      if (StagedShards.isLocal(dir)) {
        Path local = StagedShards.localPath(dir);
        if (!Files.isDirectory(local)) {
          return;
        }
        try (Stream<Path> entries = Files.list(local)) {
          for (Path entry : entries.toList()) {
            if (windowEnd(entry.getFileName().toString()) <= windowEnd) {
              ScratchDirs.delete(entry);
            }
          }
        }
        return;
      }
      List<ResourceId> files = new ArrayList<>();
      String glob = runs + WriteIndexShards.WINDOW_DIR_PREFIX + "*/**";
      for (MatchResult.Metadata file : FileSystems.match(glob, EmptyMatchTreatment.ALLOW).metadata()) {
        String relative = file.resourceId().toString().substring(runs.length());
        int slash = relative.indexOf('/');
        if (slash > 0 && windowEnd(relative.substring(0, slash)) <= windowEnd) {
          files.add(file.resourceId());
        }
      }
      FileSystems.delete(files, StandardMoveOptions.IGNORE_MISSING_FILES);
    } catch (IOException e) {
      throw new StorageFailureException(null, "cannot remove the staging of windows ending at or before "
          + windowEnd + " in " + runs + ": " + e + "; delete those window-* directories by hand (no window is "
          + "using them), then let the stream go on", e);
    }
  }

  /** The end of the window a {@code window-<end>} directory stages, or the largest long for anything else. */
  static long windowEnd(String name) {
    String prefix = WriteIndexShards.WINDOW_DIR_PREFIX;
    String digits = name.endsWith("/") ? name.substring(0, name.length() - 1) : name;
    if (!digits.startsWith(prefix) || digits.length() == prefix.length() || digits.length() > prefix.length() + 18
        || !digits.substring(prefix.length()).chars().allMatch(Character::isDigit)) {
      return Long.MAX_VALUE;
    }
    return Long.parseLong(digits.substring(prefix.length()));
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
  static String indexKey(IndexLocation index) {
    try {
      byte[] hash = MessageDigest.getInstance("SHA-256").digest(
          index.toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(hash, 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM must provide SHA-256", e);
    }
  }
}
