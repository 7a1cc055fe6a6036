package dev.weft.jobs;

import dev.weft.api.Generations;
import dev.weft.api.IndexRun;
import dev.weft.api.Weft;
import dev.weft.context.generation.GenerationManifest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The corpus {@code weft mcp} keeps its index of: {@code --root} when given, else the source the served generation
 * records (a tree or a dataset), so an agent's server re-indexes what the index was built from without being told.
 */
final class McpCorpus {
  private final Weft weft;
  private final Path root;

  McpCorpus(Weft weft, Path root) {
    this.weft = weft;
    this.root = root == null ? null : root.toAbsolutePath().normalize();
  }

  /**
   * An incremental run over the corpus tree, embedding when the served generation has vectors (so new chunks get
   * them too); empty when no root is configured and the index records no tree. A dataset index is not re-indexed
   * on its own: its manifest records the file but not the run's record kind and chunking format, and guessing them
   * could re-chunk it differently; the {@code index} tool with {@code dataset} re-indexes it as asked.
   */
  Optional<IndexRun.Builder> run() {
    if (root != null) {
      return Optional.of(IndexRun.tree(root).embed(servedHasVectors()));
    }
    Optional<GenerationManifest> served = served();
    if (served.isEmpty() || served.get().source() == null || served.get().source().isDataset()) {
      return Optional.empty();
    }
    return Optional.of(IndexRun.tree(Path.of(served.get().source().location()))
        .embed(served.get().chunksWithVectors() > 0));
  }

  private boolean servedHasVectors() {
    return served().map(m -> m.chunksWithVectors() > 0).orElse(false);
  }

  private Optional<GenerationManifest> served() {
    if (!Files.isDirectory(weft.indexDir())) {
      return Optional.empty();
    }
    Generations generations = weft.generations();
    return generations.kept().stream().filter(g -> g.generation() == generations.served()).findFirst();
  }
}
