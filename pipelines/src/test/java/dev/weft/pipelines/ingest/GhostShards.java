package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.IndexLocation;
import dev.weft.index.ShardWriter;
import dev.weft.pipelines.Runner;
import dev.weft.transforms.beam.StagedShards;
import dev.weft.transforms.beam.WriteIndexShards;
import dev.weft.transforms.ingest.FileOutcome;
import dev.weft.transforms.ingest.FileProcessor;
import dev.weft.transforms.ingest.SourceReader;
import dev.weft.transforms.route.Router;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** A finished one-file shard left under a staging URI, as a worker of a killed run leaves it (the staging tests). */
public final class GhostShards {
  private GhostShards() {}

  /** Writes {@code ghost.md}'s shard under {@code tmp} and uploads it as shard 0 of the staging {@code runUri}. */
  public static void stage(Path tmp, String runUri) throws IOException {
    Path ghostRoot = Files.createDirectories(tmp.resolve("ghost"));
    Files.writeString(ghostRoot.resolve("ghost.md"), "# Ghost\n\nmerged twice would be a bug\n");
    FileOutcome.Chunked ghost = (FileOutcome.Chunked) new FileProcessor(ghostRoot.toString(), Router.defaults(),
        SourceReader.withDefaults(), IngestStamp.CURRENT).process("ghost.md");
    Path local = tmp.resolve("ghost-shard");
    try (ShardWriter writer = ShardWriter.create(local)) {
      writer.write(ghost.state(), ghost.chunks(), ghost.vectors());
    }
    StagedShards.upload(local, WriteIndexShards.shardDir(runUri, 0));
  }

  /**
   * Runs the Beam ingest of {@code root} into {@code index} (Direct, {@code beamArgs}) and the in-process one into
   * {@code inProcessIndex}, and holds the Beam run to the in-process documents with no ghost merged in; returns the
   * Beam run's report for the caller's own checks.
   */
  public static IngestReport publishWithoutThem(Path root, Path index, Path inProcessIndex, List<String> beamArgs) {
    IngestReport beam = new Ingester().run(IngestRequest.directory(root, IndexLocation.of(index)).runner(Runner.DIRECT)
        .beamArgs(beamArgs).build());
    new Ingester().run(IngestRequest.directory(root,
        IndexLocation.of(inProcessIndex)).runner(Runner.INPROCESS).build());

    assertThat(beam.executor()).isEqualTo("beam-direct");
    Map<String, List<String>> documents = Corpora.dump(index);
    assertThat(documents.keySet()).noneMatch(doc -> doc.contains("ghost.md"));
    assertThat(documents).isEqualTo(Corpora.dump(inProcessIndex));
    return beam;
  }
}
