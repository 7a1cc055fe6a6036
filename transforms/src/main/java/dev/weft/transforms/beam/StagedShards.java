package dev.weft.transforms.beam;

import dev.weft.context.ScratchDirs;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.EmptyMatchTreatment;
import org.apache.beam.sdk.io.fs.MatchResult;
import org.apache.beam.sdk.io.fs.MoveOptions.StandardMoveOptions;
import org.apache.beam.sdk.io.fs.ResolveOptions.StandardResolveOptions;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.util.MimeTypes;

/**
 * Shard indexes staged on a Beam FileSystem ({@code file://}, {@code gs://}, {@code s3://}, {@code hdfs://}): a
 * worker builds a shard on its local disk and uploads it, the driver finds the finished shards and downloads them.
 *
 * <p>Layout under a staging directory: {@code shard-<k>/attempt-<uuid>/<lucene files>} plus
 * {@code shard-<k>/_COMPLETE}, written last (under a temporary name, then renamed), naming the attempt and its
 * files. A shard without a marker is unfinished and never read; a retried bundle uploads a new attempt and its
 * marker replaces the old one, so a reader sees one whole attempt or none — object stores have no atomic
 * directory rename, but they do have atomic single-object writes.
 */
public final class StagedShards {
  /** The marker a finished shard upload ends with. */
  public static final String COMPLETE = "_COMPLETE";
  private static final Pattern SHARD = Pattern.compile(Pattern.quote(WriteIndexShards.SHARD_DIR_PREFIX) + "(\\d{1,9})/?");

  private StagedShards() {}

  /** The directory {@code spec} names ({@code file:///x/}, {@code gs://b/x}, or a local path). */
  public static ResourceId directory(String spec) {
    // Beam's local FileSystem takes paths, not file: URIs (it would read "file:/x" as a relative path)
    String dir = spec.startsWith(FileSystems.DEFAULT_SCHEME + ":") ? localPath(spec).toString() : spec;
    return FileSystems.matchNewResource(dir.endsWith("/") ? dir : dir + "/", true);
  }

  /**
   * Uploads every file of {@code localShard} (a closed Lucene index, flat) to {@code shardDir} as a new attempt,
   * then writes the marker that makes it visible.
   */
  public static void upload(Path localShard, ResourceId shardDir) throws IOException {
    String attempt = "attempt-" + UUID.randomUUID();
    ResourceId attemptDir = shardDir.resolve(attempt, StandardResolveOptions.RESOLVE_DIRECTORY);
    List<String> names;
    try (Stream<Path> files = Files.list(localShard)) {
      names = files.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).sorted().toList();
    }
    for (String name : names) {
      try (InputStream in = Files.newInputStream(localShard.resolve(name));
          OutputStream out = Channels.newOutputStream(FileSystems.create(
              attemptDir.resolve(name, StandardResolveOptions.RESOLVE_FILE), MimeTypes.BINARY))) {
        in.transferTo(out);
      }
    }
    StringBuilder marker = new StringBuilder(attempt).append('\n');
    names.forEach(n -> marker.append(n).append('\n'));
    ResourceId temp = shardDir.resolve(COMPLETE + "." + attempt + ".tmp", StandardResolveOptions.RESOLVE_FILE);
    write(temp, marker.toString());
    FileSystems.rename(List.of(temp), List.of(shardDir.resolve(COMPLETE, StandardResolveOptions.RESOLVE_FILE)));
  }

  /** The {@code shard-<k>} directories under {@code stagingDir} whose upload finished, in shard order. */
  public static List<ResourceId> completed(ResourceId stagingDir) throws IOException {
    String glob = stagingDir.resolve(WriteIndexShards.SHARD_DIR_PREFIX + "*", StandardResolveOptions.RESOLVE_DIRECTORY)
        .resolve(COMPLETE, StandardResolveOptions.RESOLVE_FILE).toString();
    List<ResourceId> shards = new ArrayList<>();
    for (MatchResult.Metadata marker : FileSystems.match(glob, EmptyMatchTreatment.ALLOW).metadata()) {
      shards.add(marker.resourceId().getCurrentDirectory());
    }
    shards.sort(Comparator.comparingInt(StagedShards::shardNumber));
    return shards;
  }

  /** Downloads the finished attempt of {@code shardDir} into {@code localDir}, which it creates. */
  public static void download(ResourceId shardDir, Path localDir) throws IOException {
    List<String> marker = read(shardDir.resolve(COMPLETE, StandardResolveOptions.RESOLVE_FILE)).lines().toList();
    if (marker.isEmpty()) {
      throw new IOException("the marker " + shardDir + COMPLETE + " is empty: the shard upload did not finish");
    }
    ResourceId attemptDir = shardDir.resolve(marker.get(0), StandardResolveOptions.RESOLVE_DIRECTORY);
    Files.createDirectories(localDir);
    for (String name : marker.subList(1, marker.size())) {
      try (InputStream in = Channels.newInputStream(FileSystems.open(
          attemptDir.resolve(name, StandardResolveOptions.RESOLVE_FILE)))) {
        Files.copy(in, localDir.resolve(name));
      }
    }
  }

  /** The local directory of a staged shard's finished attempt, when the staging is on this machine's disk. */
  public static Path localAttempt(ResourceId shardDir) throws IOException {
    String attempt = read(shardDir.resolve(COMPLETE, StandardResolveOptions.RESOLVE_FILE)).lines().findFirst()
        .orElseThrow(() -> new IOException("the marker " + shardDir + COMPLETE + " is empty"));
    return localPath(shardDir.resolve(attempt, StandardResolveOptions.RESOLVE_DIRECTORY));
  }

  /** Whether {@code dir} is on the local file system, where directories exist and can be deleted whole. */
  public static boolean isLocal(ResourceId dir) {
    return FileSystems.DEFAULT_SCHEME.equals(dir.getScheme());
  }

  /** Deletes {@code dir} and everything under it; nothing when it does not exist. */
  public static void deleteTree(ResourceId dir) throws IOException {
    if (isLocal(dir)) {
      ScratchDirs.delete(localPath(dir));
      return;
    }
    String all = dir.resolve("**", StandardResolveOptions.RESOLVE_FILE).toString();
    List<ResourceId> files = new ArrayList<>();
    for (MatchResult.Metadata file : FileSystems.match(all, EmptyMatchTreatment.ALLOW).metadata()) {
      files.add(file.resourceId());
    }
    FileSystems.delete(files, StandardMoveOptions.IGNORE_MISSING_FILES);
  }

  /** The local path of a {@code file} resource. */
  public static Path localPath(ResourceId local) {
    return localPath(local.toString());
  }

  private static Path localPath(String spec) {
    return spec.startsWith(FileSystems.DEFAULT_SCHEME + ":") ? Path.of(URI.create(spec)) : Path.of(spec);
  }

  /** The whole content of {@code file} as UTF-8. */
  public static String read(ResourceId file) throws IOException {
    try (InputStream in = Channels.newInputStream(FileSystems.open(file))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static void write(ResourceId file, String text) throws IOException {
    try (OutputStream out = Channels.newOutputStream(FileSystems.create(file, MimeTypes.TEXT))) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
  }

  private static int shardNumber(ResourceId shardDir) {
    String name = shardDir.getFilename();
    Matcher m = SHARD.matcher(name == null ? "" : name);
    return m.matches() ? Integer.parseInt(m.group(1)) : Integer.MAX_VALUE;
  }
}
