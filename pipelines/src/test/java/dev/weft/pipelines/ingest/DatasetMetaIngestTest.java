package dev.weft.pipelines.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Hit;
import dev.weft.context.IndexLocation;
import dev.weft.context.Kind;
import dev.weft.context.RecallRequest;
import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import dev.weft.pipelines.Runner;
import dev.weft.transforms.export.ChunkFiles;
import dev.weft.transforms.export.ExportFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.lucene.document.DoublePoint;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.Bits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dataset's {@code --meta-fields} through the whole ingest: every chunk of a record carries its metadata, the
 * same on the in-process executor and on Beam's DirectRunner and from each format, with the terms and points a
 * filter matches, and recall's hits carry it.
 */
class DatasetMetaIngestTest {
  private static final Path DIR = Path.of("../testdata/dataset-meta").toAbsolutePath().normalize();

  @TempDir Path tmp;

  @Test
  void inProcessAndDirectGiveTheSameChunksAndMetadataFromEveryFormat() {
    IngestReport inProcess = run(DIR.resolve("corpus.jsonl"), "jsonl", Runner.INPROCESS, "/doc_id", "/headline",
        "/body", "/lang,/year,/score,/draft,/src/site");
    IngestReport direct = run(DIR.resolve("corpus.jsonl"), "direct", Runner.DIRECT, "/doc_id", "/headline",
        "/body", "/lang,/year,/score,/draft,/src/site");
    IngestReport parquet = run(DIR.resolve("corpus.parquet"), "parquet", Runner.DIRECT, "doc_id", "headline", "body",
        "lang,year,score,draft,site");
    IngestReport avro = run(DIR.resolve("corpus.avro"), "avro", Runner.INPROCESS, "doc_id", "headline", "body",
        "lang,year,score,draft,site");

    assertThat(inProcess.counters()).containsEntry("added", 6L);
    assertThat(direct.executor()).isEqualTo("beam-direct");
    for (IngestReport other : List.of(direct, parquet, avro)) {
      assertThat(other.counters()).isEqualTo(inProcess.counters());
    }
    Map<String, String> expected = meta(tmp.resolve("jsonl"));
    assertThat(expected).hasSize(6).containsEntry("d1#0",
        "{\"draft\":false,\"lang\":\"en\",\"score\":0.5,\"site\":\"wiki\",\"year\":2019}");
    for (String index : List.of("direct", "parquet", "avro")) {
      assertThat(meta(tmp.resolve(index))).as(index).isEqualTo(expected);
      assertThat(Corpora.dump(tmp.resolve(index))).as(index).isEqualTo(Corpora.dump(tmp.resolve("jsonl")));
    }
  }

  @Test
  void theValuesAreKeywordsAndPointsAFilterMatches() throws IOException {
    run(DIR.resolve("corpus.parquet"), "parquet", Runner.INPROCESS, "doc_id", "headline", "body", "*");

    assertThat(count(tmp.resolve("parquet"), new TermQuery(new Term("meta.lang", "en")))).isEqualTo(3);
    assertThat(count(tmp.resolve("parquet"), new TermQuery(new Term("meta_bool.draft", "true")))).isEqualTo(2);
    assertThat(count(tmp.resolve("parquet"), LongPoint.newRangeQuery("meta_long.year", 2020, Long.MAX_VALUE)))
        .isEqualTo(4);
    assertThat(count(tmp.resolve("parquet"), DoublePoint.newRangeQuery("meta_double.score", 1.0, 2.0)))
        .isEqualTo(2);
  }

  @Test
  void recallHitsCarryTheirRecordsMetadata() {
    run(DIR.resolve("corpus.avro"), "avro", Runner.INPROCESS, "doc_id", "headline", "body", "lang,year");

    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(tmp.resolve("avro")));
        CorpusSearcher searcher = index.searcher()) {
      List<Hit> hits = searcher.recall(RecallRequest.of("coffee roasted seeds")).hits();
      assertThat(hits).isNotEmpty();
      Hit first = hits.get(0);
      assertThat(first.path()).isEqualTo("d3");
      assertThat(first.meta().values()).containsExactlyEntriesOf(new TreeMap<>(Map.of("lang", "en", "year",
          2022L)));
    }
  }

  @Test
  void changingTheMetadataFieldsRewritesEveryRecordAndNothingElse() {
    run(DIR.resolve("corpus.jsonl"), "jsonl", Runner.INPROCESS, "/doc_id", "/headline", "/body", "/lang");
    IngestReport same = run(DIR.resolve("corpus.jsonl"), "jsonl", Runner.INPROCESS, "/doc_id", "/headline",
        "/body", "/lang");
    IngestReport more = run(DIR.resolve("corpus.jsonl"), "jsonl", Runner.DIRECT, "/doc_id", "/headline",
        "/body", "/lang,/year");

    assertThat(same.published()).isFalse();
    assertThat(more.counters()).containsEntry("updated", 6L).containsEntry("added", 0L);
    assertThat(meta(tmp.resolve("jsonl"))).containsEntry("d2#0", "{\"lang\":\"fr\",\"year\":2021}");
  }

  @Test
  void theParquetExportCarriesTheMetadataAsATypedMapOnBothExecutors() {
    for (Runner runner : List.of(Runner.INPROCESS, Runner.DIRECT)) {
      Path export = tmp.resolve("export-" + runner);
      new Ingester().run(IngestRequest.dataset(DIR.resolve("corpus.avro"), IndexLocation.of(tmp.resolve(
          "index-" + runner))).runner(runner).idField("doc_id").titleField("headline").textField("body")
          .metaFields("lang,year,score,draft").exportParquet(export).build());

      Map<String, Map<String, Object>> byId = new TreeMap<>();
      ChunkFiles.readRows(export, ExportFormat.PARQUET).forEach(row -> byId.put(row.chunk().id(),
          row.meta().values()));
      assertThat(byId).as(runner.toString()).hasSize(6).containsEntry("d6#0", new TreeMap<>(Map.of("lang", "es",
          "year", 2023L, "score", 3.5, "draft", true)));
    }
  }

  @Test
  void aFilterIsAppliedInsideTheSearchSoNHitsThatPassAreFound() throws IOException {
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < 40; i++) {
      // the English records say tea more often, so an unfiltered top 5 is all English
      String text = i % 4 == 0 ? "tea leaves" : "tea tea tea tea leaves";
      lines.append(String.format(java.util.Locale.ROOT, "{\"id\": \"r%02d\", \"text\": \"%s\", \"lang\": \"%s\","
          + " \"year\": %d}%n", i, text, i % 4 == 0 ? "fr" : "en", 2000 + i));
    }
    Path dataset = Files.writeString(tmp.resolve("tea.jsonl"), lines);
    run(dataset, "tea", Runner.INPROCESS, null, null, null, "/lang,/year");

    try (CorpusIndex index = CorpusIndex.openExisting(IndexLocation.of(tmp.resolve("tea")));
        CorpusSearcher searcher = index.searcher()) {
      RecallRequest top5 = new RecallRequest("tea", Set.of(Kind.DOC), 5, true);
      assertThat(searcher.recall(top5).hits()).allMatch(hit -> hit.meta().values().get("lang").equals("en"));
      for (boolean onePerFile : List.of(true, false)) {
        List<Hit> french = searcher.recall(new RecallRequest("tea", Set.of(Kind.DOC), 5, onePerFile)
            .withWhere("lang = \"fr\" and year >= 2010")).hits();
        // r12, r16, ..., r36 are French from 2010 on: 7 records, 5 asked
        assertThat(french).hasSize(5).allMatch(hit -> hit.meta().values().get("lang").equals("fr")
            && (Long) hit.meta().values().get("year") >= 2010);
      }
      List<String> all = searcher.recall(new RecallRequest("tea", Set.of(Kind.DOC), 100, false)
          .withWhere("lang in (\"fr\") and not year < 2010")).hits().stream().map(Hit::path).sorted().toList();
      assertThat(all).containsExactly("r12", "r16", "r20", "r24", "r28", "r32", "r36");
    }
  }

  @Test
  void aMisspeltFieldIsRefusedBeforeTheIndexIsOpened() {
    assertThatThrownBy(() -> run(DIR.resolve("corpus.parquet"), "refused", Runner.INPROCESS, "doc_id", "headline",
        "body", "lang,yaer"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("missing: yaer");
    assertThat(Files.exists(tmp.resolve("refused"))).isFalse();
  }

  private IngestReport run(Path dataset, String index, Runner runner, String id, String title, String text,
      String meta) {
    return new Ingester().run(IngestRequest.dataset(dataset, IndexLocation.of(tmp.resolve(index))).runner(runner)
        .idField(id).titleField(title).textField(text).metaFields(meta).build());
  }

  /** Each live chunk's metadata JSON by chunk id. */
  private static Map<String, String> meta(Path index) {
    Map<String, String> byId = new TreeMap<>();
    try (DirectoryReader reader = DirectoryReader.open(FSDirectory.open(index.resolve("lucene")))) {
      for (LeafReaderContext leaf : reader.leaves()) {
        Bits live = leaf.reader().getLiveDocs();
        StoredFields stored = leaf.reader().storedFields();
        BinaryDocValues values = DocValues.getBinary(leaf.reader(), "meta");
        for (int doc = values.nextDoc(); doc != BinaryDocValues.NO_MORE_DOCS; doc = values.nextDoc()) {
          if (live == null || live.get(doc)) {
            byId.put(stored.document(doc).get("id"), values.binaryValue().utf8ToString());
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return byId;
  }

  private static int count(Path index, Query query) throws IOException {
    try (DirectoryReader reader = DirectoryReader.open(FSDirectory.open(index.resolve("lucene")))) {
      return new IndexSearcher(reader).count(query);
    }
  }
}
