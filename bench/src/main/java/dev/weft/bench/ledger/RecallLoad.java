package dev.weft.bench.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.RankQuery;
import dev.weft.context.store.RankResult;
import dev.weft.context.store.RankSweep;
import dev.weft.context.store.RankedKey;
import dev.weft.context.store.Scope;
import dev.weft.context.store.Store;
import dev.weft.context.store.StoredEmbedding;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Recall latency over many stored values with embeddings: a sweep (read every value under the prefix through
 * {@link Store#keys} and {@link Store#get}, exact cosine in Java, {@link RankSweep}) against {@link Store#rank}
 * (where the vectors live), on the same store and the same query vectors.
 */
final class RecallLoad {
  static final String PREFIX = "mem/";
  private static final int BATCH = 1000;
  private static final int LIMIT = 10;

  /** Latencies of both ways, and how many of the sweep's top hits rank found too (the exact answer's share). */
  record Figures(int values, Latencies sweep, Latencies rank, double agreement) {}

  private RecallLoad() {}

  /** Writes {@code count} values with seeded random unit vectors, {@value #BATCH} per mutate. */
  static void fill(Store store, int count, EmbedderIdentity identity, long seed) {
    Random random = new Random(seed);
    for (int start = 0; start < count; start += BATCH) {
      String batch = String.format("%s%06d/", PREFIX, start / BATCH);
      Map<String, JsonNode> values = new TreeMap<>();
      for (int i = start; i < Math.min(count, start + BATCH); i++) {
        ObjectNode value = JsonNodeFactory.instance.objectNode();
        value.put("text", "memory " + i);
        value.set(StoredEmbedding.FIELD, new StoredEmbedding(identity, unit(random, identity.dims())).toJson());
        values.put(String.format("%s%08d", batch, i), value);
      }
      store.mutate(Scope.prefix(batch), current -> Outcome.write(values, null));
    }
  }

  static Figures measure(Store store, int values, EmbedderIdentity identity, int sweeps, int ranks, long seed) {
    Random random = new Random(seed ^ 0x5eed);
    List<float[]> queries = new ArrayList<>();
    for (int i = 0; i < Math.max(sweeps, ranks); i++) {
      queries.add(unit(random, identity.dims()));
    }
    // warm-up: the first rank opens the vector files, the first sweep loads the stored fields
    store.rank(new RankQuery(PREFIX, queries.get(0), identity, LIMIT));
    long[] sweepNanos = new long[sweeps];
    int agreeing = 0;
    for (int i = 0; i < sweeps; i++) {
      RankQuery query = new RankQuery(PREFIX, queries.get(i), identity, LIMIT);
      long t0 = System.nanoTime();
      RankResult swept = sweep(store, query);
      sweepNanos[i] = System.nanoTime() - t0;
      List<String> exact = swept.hits().stream().map(RankedKey::key).toList();
      agreeing += (int) store.rank(query).hits().stream().filter(hit -> exact.contains(hit.key())).count();
    }
    long[] rankNanos = new long[ranks];
    for (int i = 0; i < ranks; i++) {
      RankQuery query = new RankQuery(PREFIX, queries.get(i), identity, LIMIT);
      long t0 = System.nanoTime();
      store.rank(query);
      rankNanos[i] = System.nanoTime() - t0;
    }
    return new Figures(values, Latencies.of(sweepNanos), Latencies.of(rankNanos),
        (double) agreeing / (sweeps * LIMIT));
  }

  /** What a caller without {@link Store#rank} does: read every value under the prefix, compare each. */
  static RankResult sweep(Store store, RankQuery query) {
    List<Map.Entry<String, JsonNode>> all = new ArrayList<>();
    for (String key : store.keys(query.prefix())) {
      store.get(key).ifPresent(value -> all.add(new AbstractMap.SimpleImmutableEntry<>(key, value)));
    }
    return RankSweep.rank(all, query);
  }

  private static float[] unit(Random random, int dims) {
    float[] vector = new float[dims];
    double norm = 0;
    for (int d = 0; d < dims; d++) {
      vector[d] = (float) random.nextGaussian();
      norm += vector[d] * vector[d];
    }
    for (int d = 0; d < dims; d++) {
      vector[d] /= (float) Math.sqrt(norm);
    }
    return vector;
  }
}
