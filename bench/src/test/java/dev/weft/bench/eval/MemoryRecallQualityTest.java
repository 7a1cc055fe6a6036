package dev.weft.bench.eval;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.RecallMode;
import dev.weft.context.embed.Embedder;
import dev.weft.context.memory.Memory;
import dev.weft.context.memory.MemoryKind;
import dev.weft.context.memory.MemoryQuery;
import dev.weft.context.memory.MemorySettings;
import dev.weft.context.memory.Remember;
import dev.weft.index.store.LuceneStore;
import dev.weft.models.EmbedderSpecs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recall of the labelled fact/episode set (testdata/memory-recall) on the Lucene store the facade opens at
 * {@code INDEX/ledger}, per query class, for bm25 and for hybrid with the in-process bge-small embedder. Prints the table docs/quality.md
 * ("Memory recall") reports, and holds the properties each mode is for: bm25 finds every exact wording and, with
 * Porter stemming, the inflected ones; hybrid finds paraphrases bm25 cannot.
 */
class MemoryRecallQualityTest {
  static final Path SET = Path.of("../testdata/memory-recall").toAbsolutePath().normalize();
  @TempDir Path tmp;

  record LabelledQuery(String id, MemoryKind kind, String queryClass, String text) {}

  /** R@5 and MRR@10 of one mode over one group of queries (a class, a class's kind, or all). */
  record Score(int queries, double recallAt5, double mrrAt10) {}

  @Test
  void bm25FindsExactAndInflectedWordingAndHybridAddsParaphrases() {
    Map<String, Score> bm25;
    Map<String, Score> hybrid;
    try (LuceneStore store = LuceneStore.open(tmp.resolve("ledger"));
        Embedder embedder = EmbedderSpecs.parse("bge-small").create()) {
      Memory memory = new Memory(store, MemorySettings.defaults().withEmbedder(embedder));
      for (JsonNode item : lines(SET.resolve("memories.jsonl"))) {
        memory.remember(item.path("id").asText(), item.path("text").asText(),
            Remember.kind(MemoryKind.parse(item.path("kind").asText())));
      }
      List<LabelledQuery> queries = lines(SET.resolve("queries.jsonl")).stream().map(q -> new LabelledQuery(
          q.path("id").asText(), MemoryKind.parse(q.path("kind").asText()), q.path("class").asText(),
          q.path("text").asText())).toList();
      Qrels qrels = Qrels.read(SET.resolve("qrels.tsv"));
      bm25 = score(memory, queries, qrels, RecallMode.BM25);
      hybrid = score(memory, queries, qrels, RecallMode.HYBRID);
    }
    System.out.println("class\tqueries\tbm25 R@5\tbm25 MRR@10\thybrid R@5\thybrid MRR@10");
    for (String c : bm25.keySet()) {
      System.out.printf("%s\t%d\t%.3f\t%.3f\t%.3f\t%.3f%n", c, bm25.get(c).queries(), bm25.get(c).recallAt5(),
          bm25.get(c).mrrAt10(), hybrid.get(c).recallAt5(), hybrid.get(c).mrrAt10());
    }
    assertThat(bm25.get("exact").recallAt5()).isEqualTo(1.0);
    assertThat(bm25.get("inflected").recallAt5()).isGreaterThanOrEqualTo(0.9);
    assertThat(hybrid.get("paraphrase").recallAt5()).isGreaterThan(bm25.get("paraphrase").recallAt5());
    assertThat(hybrid.get("exact").recallAt5()).isEqualTo(1.0);
  }

  static Map<String, Score> score(Memory memory, List<LabelledQuery> queries, Qrels qrels, RecallMode mode) {
    Map<String, List<double[]>> byClass = new TreeMap<>();
    for (LabelledQuery q : queries) {
      List<String> ranking = new ArrayList<>();
      memory.recall(MemoryQuery.of(q.text(), q.kind()).withMode(mode).withLog(false)).hits()
          .forEach(hit -> ranking.add(hit.record().id()));
      Map<String, Integer> relevant = qrels.relevant(q.id());
      double[] row = {Metrics.recall(ranking, relevant, 5), Metrics.reciprocalRank(ranking, relevant, 10)};
      // per query class, per kind within it, and over all
      for (String group : List.of(q.queryClass(), q.queryClass() + "/" + q.kind().id(), "all")) {
        byClass.computeIfAbsent(group, c -> new ArrayList<>()).add(row);
      }
    }
    Map<String, Score> scores = new TreeMap<>();
    byClass.forEach((c, rows) -> scores.put(c, new Score(rows.size(),
        rows.stream().mapToDouble(r -> r[0]).average().orElse(0),
        rows.stream().mapToDouble(r -> r[1]).average().orElse(0))));
    return scores;
  }

  private static List<JsonNode> lines(Path file) {
    ObjectMapper mapper = new ObjectMapper();
    try {
      List<JsonNode> nodes = new ArrayList<>();
      for (String line : Files.readAllLines(file)) {
        if (!line.isBlank()) {
          nodes.add(mapper.readTree(line));
        }
      }
      return nodes;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the labelled set file " + file, e);
    }
  }
}
