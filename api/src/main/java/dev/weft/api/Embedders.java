package dev.weft.api;

import dev.weft.context.QueryVector;
import dev.weft.context.embed.Embedder;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.index.VectorCensus;
import dev.weft.models.hash.HashEmbedderSpec;
import dev.weft.models.onnx.OnnxEmbedderSpec;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.util.IOUtils;

/**
 * The one place the facade turns an embedder flag and an index's identity into an embedder ({@link EmbedderChoice})
 * and embeds a query ({@link QueryEmbedding}); the embedder provider registry replaces both here. Query embedders
 * are made once per spec and kept until {@link #close()}: loading an in-process model costs far more than a query.
 * A Weft a {@link WeftCache} lends takes its in-process models from the cache's {@code shared} embedders, which
 * outlive the call; an endpoint's client is its own (see {@link #sharable}).
 */
final class Embedders implements AutoCloseable {
  private final Map<EmbedderSpec, Embedder> queryEmbedders = new ConcurrentHashMap<>();
  /** Where in-process models come from instead of this one's map; null when this one makes them all. */
  private final Embedders shared;
  private boolean closed;

  Embedders() {
    this(null);
  }

  Embedders(Embedders shared) {
    this.shared = shared;
  }

  /** For recall: {@code flag}, else the one identity of the generation's vectors, else the default model. */
  static EmbedderSpec forRecall(String flag, VectorCensus census) {
    return EmbedderChoice.resolve(flag, census.identity());
  }

  /**
   * For a run that embeds: {@code flag}, else the served generation's model, else the one its last run asked for,
   * else the default.
   */
  static EmbedderSpec forRun(String flag, Optional<GenerationManifest> served) {
    // the manifest names the identity only when every vector has it; a mixture resolves to the default, which
    // the ingest's own identity check then refuses by name
    Optional<GenerationManifest> manifest = flag != null ? Optional.empty() : served;
    return EmbedderChoice.resolve(flag, manifest.map(GenerationManifest::embedder),
        manifest.map(GenerationManifest::requestedEmbedder));
  }

  /**
   * For embed-missing: {@code flag}, else the one identity of the generation's vectors, else the one its last run
   * asked for (recorded even when every batch failed), else the default model.
   */
  static EmbedderSpec forEmbedMissing(String flag, VectorCensus census, GenerationManifest served) {
    return EmbedderChoice.resolve(flag, census.identity(), Optional.ofNullable(served.requestedEmbedder()));
  }

  /** The query's vector, with an embedder of {@code spec} made on first use and reused after. */
  QueryVector embedQuery(EmbedderSpec spec, String query) {
    Embedder embedder = embedder(spec);
    // an endpoint client keeps per-call state (its breaker); one query at a time per embedder
    synchronized (embedder) {
      return QueryEmbedding.of(embedder, query);
    }
  }

  /**
   * The embedder of {@code spec}, made on first use and closed with this; callers hold its monitor while they call
   * it (the memory's writes and queries do too).
   */
  synchronized Embedder embedder(EmbedderSpec spec) {
    if (closed) {
      throw new IllegalStateException("this Weft is closed; open another to recall");
    }
    if (shared != null && sharable(spec)) {
      return shared.embedder(spec);
    }
    return queryEmbedders.computeIfAbsent(spec, EmbedderSpec::create);
  }

  /**
   * Whether one embedder of {@code spec} may serve call after call: an in-process model (hash, ONNX) is a pure
   * function of its text once loaded. An endpoint's client is not — it keeps a circuit breaker and reads its key
   * when made — so each call makes its own, as a call in its own process would.
   */
  static boolean sharable(EmbedderSpec spec) {
    return spec instanceof HashEmbedderSpec || spec instanceof OnnxEmbedderSpec;
  }

  @Override
  public synchronized void close() {
    closed = true;
    List<Closeable> embedders = queryEmbedders.values().stream().<Closeable>map(embedder -> embedder::close).toList();
    queryEmbedders.clear();
    try {
      // each is closed even when one before it fails: the first failure is thrown, later ones suppressed
      IOUtils.close(embedders);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close the query embedders", e); // Embedder.close throws none
    }
  }
}
