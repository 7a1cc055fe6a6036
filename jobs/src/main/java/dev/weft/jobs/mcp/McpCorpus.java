package dev.weft.jobs.mcp;

import dev.weft.api.Generations;
import dev.weft.api.IndexRun;
import dev.weft.api.Weft;
import dev.weft.context.Roots;
import dev.weft.context.generation.GenerationManifest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The corpus {@code weft mcp} keeps its index of, and the roots every path a tool call names must stay inside.
 * The corpus is the first {@code --root} when given, else the source the served generation records (a tree or a
 * dataset), so an agent's server re-indexes what the index was built from without being told. The roots are the
 * {@code --root} directories, else the served tree (or the directory of the served dataset); a server with neither
 * has none, and refuses every path (docs/mcp.md, "Roots").
 */
public final class McpCorpus {
  private static final String WAY_OUT = "; name a path inside them, or start `weft mcp` with another --root "
      + "(repeatable)";

  private final Weft weft;
  private final List<Path> roots;

  /** @param roots the {@code --root} directories, the corpus first; empty: the served generation's source */
  public McpCorpus(Weft weft, List<Path> roots) {
    this.weft = weft;
    this.roots = roots.stream().map(r -> r.toAbsolutePath().normalize()).toList();
  }

  McpCorpus(Weft weft, Path root) {
    this(weft, root == null ? List.of() : List.of(root));
  }

  /**
   * An incremental run over the corpus tree, embedding when the served generation has vectors (so new chunks get
   * them too); empty when no root is configured and the index records no tree. A dataset index is not re-indexed
   * on its own: its manifest records the file but not the run's record kind and chunking format, and guessing them
   * could re-chunk it differently; the {@code index} tool with {@code dataset} re-indexes it as asked.
   */
  public Optional<IndexRun.Builder> run() {
    if (!roots.isEmpty()) {
      return Optional.of(IndexRun.tree(roots.get(0)).embed(servedHasVectors()));
    }
    Optional<GenerationManifest> served = served();
    if (served.isEmpty() || served.get().source() == null || served.get().source().isDataset()) {
      return Optional.empty();
    }
    return Optional.of(IndexRun.tree(Path.of(served.get().source().location()))
        .embed(served.get().chunksWithVectors() > 0));
  }

  /**
   * The run the {@code index} tool asks for. Its {@code root} or {@code dataset}, when given, must name this
   * server's corpus itself: one index holds one corpus, and a run over another tree (even one inside the roots)
   * would replace the user's generation with that tree's files.
   */
  IndexRun.Builder indexRun(String root, String dataset) {
    if (root != null && dataset != null) {
      throw new IllegalArgumentException("index takes root or dataset, not both, got: root " + root + ", dataset "
          + dataset);
    }
    if (root == null && dataset == null) {
      return run().orElseThrow(() -> new IllegalArgumentException("index needs a corpus, and this server has none"
          + " (no --root, and the index records no tree): start it with `weft mcp --root DIR`, or index the "
          + "dataset from a shell with `weft index --dataset FILE`"));
    }
    Path asked = roots().resolve(root != null ? "root" : "dataset", root != null ? root : dataset);
    Optional<Path> corpus = corpusPath(dataset != null);
    if (corpus.isEmpty() || !Roots.same(asked, corpus.get())) {
      throw new IllegalArgumentException("index works on this server's corpus only ("
          + corpus.map(Path::toString).orElse("a " + (dataset != null ? "tree" : "dataset") + ", not a "
          + (dataset != null ? "dataset" : "tree")) + "): one index holds one corpus, and another would replace its"
          + " generation, got: " + (root != null ? "root " + root : "dataset " + dataset) + "; leave root and "
          + "dataset out, or start another `weft mcp --root DIR --index DIR2` for that corpus");
    }
    return dataset != null ? IndexRun.dataset(asked) : IndexRun.tree(corpus.get());
  }

  /** The corpus as a tree ({@code dataset} false) or as a dataset file; empty when it is not of that form. */
  private Optional<Path> corpusPath(boolean dataset) {
    if (!roots.isEmpty()) {
      return dataset ? Optional.empty() : Optional.of(roots.get(0));
    }
    return served().map(GenerationManifest::source).filter(s -> s != null && s.isDataset() == dataset)
        .map(s -> Path.of(s.location()));
  }

  /** The roots a tool call's paths must stay inside (built per call: the served generation may change). */
  Roots roots() {
    return roots(false);
  }

  /**
   * The roots and this server's own index directory: where program_run's {@code index} (another index, or this
   * one) and {@code work} (Beam's results, by default under the index) may lie.
   */
  Roots rootsAndIndex() {
    return roots(true);
  }

  private Roots roots(boolean withIndex) {
    List<Path> dirs = new ArrayList<>(roots);
    String noun = "the server's roots (--root)";
    if (roots.isEmpty()) {
      Optional<GenerationManifest> served = served().filter(m -> m.source() != null);
      if (served.isPresent()) {
        Path source = Path.of(served.get().source().location()).toAbsolutePath();
        boolean dataset = served.get().source().isDataset();
        dirs.add(dataset ? source.getParent() : source);
        noun = "the server's root (the " + (dataset ? "directory of the dataset" : "tree") + " its index was built "
            + "from)";
      } else {
        noun = "the server's roots (--root; this server has none)";
      }
    }
    if (withIndex && weft.location().exists()) {
      dirs.add(weft.location().dir());
      noun += " and its index";
    }
    return Roots.of(noun, dirs, WAY_OUT);
  }

  private boolean servedHasVectors() {
    return served().map(m -> m.chunksWithVectors() > 0).orElse(false);
  }

  private Optional<GenerationManifest> served() {
    if (!weft.location().exists()) {
      return Optional.empty();
    }
    Generations generations = weft.generations();
    return generations.kept().stream().filter(g -> g.generation() == generations.served()).findFirst();
  }
}
