package dev.weft.bench.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import dev.weft.context.RecallMode;
import dev.weft.context.fusion.FusionRule;
import dev.weft.models.EmbedderSpecs;
import dev.weft.bench.eval.EvalReport.Row;
import dev.weft.transforms.dataset.DatasetFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** End to end on tiny sets: real ingest, bm25 recall, exact metric values worked out by hand. */
class EvalRunnerTest {
  private static final Offset<Double> EXACT = within(1e-12);
  /** 1/log2(3): the discounted gain of a grade-1 hit at rank 2. */
  private static final double AT_RANK_2 = 0.6309297535714575;

  @TempDir Path tmp;

  @Test
  void scoresACorpusSetPerRecord() throws IOException {
    Path set = tinyFaq();

    EvalReport report = new EvalRunner().run(BeirSet.load(set), EvalOptions.defaults());

    // q1 "why indentation": only faq/a has a query word → [a]; a relevant → nDCG 1, RR 1, R 1
    // q2 "immutable strings": b has both words, d one → [b, d]; d relevant at rank 2
    //    → nDCG = (1/log2 3) / 1 = 0.6309297536, RR 1/2, R 1
    // q3 "binary fractions": only c → [c]; c grade 2, a grade 1 not retrieved
    //    → DCG = 2/log2 2 = 2, IDCG = 2 + 1/log2 3 = 2.6309297536, nDCG 0.7601875334, RR 1, R 1/2
    // q4 has no judgment: skipped, not scored
    // q5 "zebra" matches nothing → all 0
    // means over 4 queries: nDCG (1 + 0.6309297536 + 0.7601875334 + 0) / 4 = 0.5977793218,
    //    MRR (1 + 0.5 + 1 + 0) / 4 = 0.625, R@10 = R@100 = (1 + 1 + 0.5 + 0) / 4 = 0.625
    Row bm25 = report.row(EvalLevel.RECORD, RecallMode.BM25);
    assertThat(bm25.scores().ndcg10()).isCloseTo((1 + AT_RANK_2 + 2 / (2 + AT_RANK_2)) / 4, EXACT)
        .isCloseTo(0.5977793217508315, EXACT);
    assertThat(bm25.scores().mrr10()).isCloseTo(0.625, EXACT);
    assertThat(bm25.scores().recall10()).isCloseTo(0.625, EXACT);
    assertThat(bm25.scores().recall100()).isCloseTo(0.625, EXACT);
    assertThat(bm25.queries()).isEqualTo(4);
    assertThat(bm25.skipped()).isEqualTo(1);
    assertThat(report.files()).isEqualTo(4);
    assertThat(report.kind()).isEqualTo("doc");
    // no embedder: the vector modes say so instead of showing a number
    assertThat(report.rows()).extracting(Row::level, Row::mode).containsExactly(
        tuple(EvalLevel.RECORD, RecallMode.BM25),
        tuple(EvalLevel.RECORD, RecallMode.DENSE),
        tuple(EvalLevel.RECORD, RecallMode.HYBRID));
    assertThat(report.row(EvalLevel.RECORD, RecallMode.DENSE).scores()).isNull();
    assertThat(report.row(EvalLevel.RECORD, RecallMode.HYBRID).notRun()).isEqualTo(QueryVectors.NO_EMBEDDER);
    assertThat(report.table()).contains("tiny-faq  record  bm25     0.5978   0.6250   0.6250   0.6250        4")
        .contains("tiny-faq  record  dense   not run: " + QueryVectors.NO_EMBEDDER)
        .contains("1 queries skipped (no relevant judgment)");
  }

  @Test
  void aParquetOrAvroCorpusScoresLikeTheSameRecordsAsJsonl() throws IOException {
    Path set = tinyFaq();
    Path jsonl = set.resolve("corpus.jsonl");
    EvalReport fromJsonl = new EvalRunner().run(BeirSet.load(set), EvalOptions.defaults());

    for (String corpus : List.of("corpus.parquet", "corpus.avro")) {
      DatasetFiles.convert(jsonl, set.resolve(corpus));
      Files.move(jsonl, tmp.resolve("corpus.jsonl.aside"));
      BeirSet loaded = BeirSet.load(set);
      assertThat(loaded.corpus().getFileName()).hasToString(corpus);

      EvalReport report = new EvalRunner().run(loaded, EvalOptions.defaults());

      assertThat(report.row(EvalLevel.RECORD, RecallMode.BM25).scores())
          .isEqualTo(fromJsonl.row(EvalLevel.RECORD, RecallMode.BM25).scores());
      assertThat(report.files()).isEqualTo(4);
      Files.move(tmp.resolve("corpus.jsonl.aside"), jsonl);
      Files.delete(set.resolve(corpus));
    }
  }

  @Test
  void vectorModesRunOnAKeptIndexOnceAnEmbedderIsGivenAndHybridAtWeightZeroIsBm25() throws IOException {
    Path set = tinyFaq();
    Path index = tmp.resolve("index");
    EvalOptions bm25Only = EvalOptions.defaults().withModes(List.of(RecallMode.BM25)).withIndexDir(index);
    new EvalRunner().run(BeirSet.load(set), bm25Only);

    // the same kept index, now with an embedder: its chunks have no vectors yet and get them, then every mode runs
    EvalReport report = new EvalRunner().run(BeirSet.load(set), EvalOptions.defaults().withIndexDir(index)
        .withEmbedder(EmbedderSpecs.parse("hash:64")).withEmbedWeight(0).withKnnCandidates(0));

    assertThat(report.embedder()).isEqualTo(EmbedderSpecs.parse("hash:64").identity().toString());
    Row dense = report.row(EvalLevel.RECORD, RecallMode.DENSE);
    assertThat(dense.notRun()).isNull();
    assertThat(dense.queries()).isEqualTo(4);
    assertThat(dense.skipped()).isEqualTo(1);
    // weight 0 and no neighbours keep the BM25 order within a pool at least as deep as the ranking: the same
    // figures as bm25
    assertThat(report.row(EvalLevel.RECORD, RecallMode.HYBRID).scores())
        .isEqualTo(report.row(EvalLevel.RECORD, RecallMode.BM25).scores());
  }

  @Test
  void severalFusionRulesGiveOneHybridRowAndRunFileEach() throws IOException {
    Path set = tinyFaq();
    Path runs = tmp.resolve("runs");
    EvalReport report = new EvalRunner().run(BeirSet.load(set), EvalOptions.defaults()
        .withModes(List.of(RecallMode.BM25, RecallMode.HYBRID)).withEmbedder(EmbedderSpecs.parse("hash:64"))
        .withFusions(List.of(FusionRule.MINMAX, FusionRule.RRF)).withRunsDir(runs));

    assertThat(report.fusions()).containsExactly(FusionRule.MINMAX, FusionRule.RRF);
    assertThat(report.row(EvalLevel.RECORD, FusionRule.RRF).queries()).isEqualTo(4);
    assertThat(report.table()).contains("tiny-faq  record  hybrid-minmax  ", "tiny-faq  record  hybrid-rrf     ",
        "fusion minmax, rrf");
    assertThat(runs.resolve("tiny-faq.record.hybrid-minmax.run")).exists();
    assertThat(runs.resolve("tiny-faq.record.hybrid-rrf.run")).exists();
    assertThat(Files.readAllLines(runs.resolve("tiny-faq.record.hybrid-rrf.run")).get(0)).endsWith(" weft-hybrid-rrf");
  }

  @Test
  void scoresATreeSetPerChunkAndPerFile() throws IOException {
    Path set = Files.createDirectories(tmp.resolve("tiny-code"));
    Path pkg = Files.createDirectories(set.resolve("tree/com/acme"));
    Files.writeString(pkg.resolve("Cache.java"), """
        package com.acme;

        public class Cache {
          public Object lookup(String key) {
            return store.contains(key) ? store.get(key) : null;
          }

          public void evict(String key) {
            store.remove(key);
          }
        }
        """);
    Files.writeString(pkg.resolve("Clock.java"), """
        package com.acme;

        public class Clock {
          public long tick() {
            return nanos++;
          }
        }
        """);
    Files.writeString(set.resolve("queries.jsonl"), """
        {"_id": "q1", "text": "evict"}
        {"_id": "q2", "text": "tick"}
        {"_id": "q3", "text": "store"}
        {"_id": "q4", "text": "clock"}
        {"_id": "q5", "text": "unjudged"}
        """);
    Files.writeString(set.resolve("qrels.tsv"), """
        query-id\tcorpus-id\tscore
        q1\tcom/acme/Cache.java#evict\t1
        q2\tcom/acme/Clock.java#tick\t1
        q2\tcom/acme/Cache.java#lookup\t1
        q3\tcom/acme/Cache.java#evict\t1
        q4\tcom/acme/Clock.java#Clock\t1
        """);

    EvalReport report = new EvalRunner().run(BeirSet.load(set),
        EvalOptions.defaults().withModes(List.of(RecallMode.BM25)).withIndexDir(tmp.resolve("index")));

    // chunk level (path#symbol):
    // q1 "evict": only the evict method has the word → [Cache#evict] relevant → 1, 1, 1
    // q2 "tick": only Clock#tick → [Clock#tick]; Cache#lookup (also relevant) not found
    //    → nDCG = 1 / (1 + 1/log2 3) = 0.6131471928, RR 1, R 1/2
    // q3 "store": lookup has it twice, evict once → [Cache#lookup, Cache#evict]; evict relevant at rank 2
    //    → nDCG 1/log2 3 = 0.6309297536, RR 1/2, R 1
    // q4 "clock": the class header of Clock (symbol Clock, like its constructors) has it in its text and its
    //    symbol and path, the file's other chunks only in the path → Clock#Clock first → 1, 1, 1
    // means over 4: nDCG (1 + 0.6131471928 + 0.6309297536 + 1) / 4 = 0.8110192366, MRR 3.5/4 = 0.875,
    //    R@10 = R@100 = 3.5/4 = 0.875
    Row chunk = report.row(EvalLevel.CHUNK, RecallMode.BM25);
    assertThat(chunk.scores().ndcg10()).isCloseTo((1 + 1 / (1 + AT_RANK_2) + AT_RANK_2 + 1) / 4, EXACT)
        .isCloseTo(0.811019236584229, EXACT);
    assertThat(chunk.scores().mrr10()).isCloseTo(0.875, EXACT);
    assertThat(chunk.scores().recall10()).isCloseTo(0.875, EXACT);
    assertThat(chunk.scores().recall100()).isCloseTo(0.875, EXACT);
    assertThat(chunk.queries()).isEqualTo(4);
    assertThat(chunk.skipped()).isEqualTo(1);

    // file level (path only, one hit per file):
    // q1 [Cache] → 1, 1, 1;  q2 [Clock], Cache also relevant → 0.6131471928, 1, 1/2
    // q3 [Cache] → 1, 1, 1;  q4 [Clock] → 1, 1, 1
    // means: nDCG (3 + 0.6131471928) / 4 = 0.9032867982, MRR 1, R@10 = R@100 = 3.5/4 = 0.875
    Row file = report.row(EvalLevel.FILE, RecallMode.BM25);
    assertThat(file.scores().ndcg10()).isCloseTo((3 + 1 / (1 + AT_RANK_2)) / 4, EXACT)
        .isCloseTo(0.9032867981913646, EXACT);
    assertThat(file.scores().mrr10()).isCloseTo(1.0, EXACT);
    assertThat(file.scores().recall10()).isCloseTo(0.875, EXACT);
    assertThat(file.scores().recall100()).isCloseTo(0.875, EXACT);
    assertThat(report.rows()).hasSize(2);
    assertThat(report.kind()).isEqualTo("code");
    assertThat(report.files()).isEqualTo(2);

    // a kept index is reused: the second run ingests nothing and measures the same
    EvalReport again = new EvalRunner().run(BeirSet.load(set),
        EvalOptions.defaults().withModes(List.of(RecallMode.BM25)).withIndexDir(tmp.resolve("index")));
    assertThat(again.row(EvalLevel.CHUNK, RecallMode.BM25).scores()).isEqualTo(chunk.scores());
  }

  @Test
  void asFilesAlsoJudgesTheRecordsWrittenAsMarkdownFilesInAFolderAndRunsAreWrittenPerRow() throws IOException {
    Path set = tinyFaq();
    Path runs = tmp.resolve("runs");

    EvalReport report = new EvalRunner().run(BeirSet.load(set), EvalOptions.defaults()
        .withModes(List.of(RecallMode.BM25, RecallMode.DENSE)).withAsFiles(true).withRunsDir(runs)
        .withIndexDir(tmp.resolve("kept")));

    assertThat(report.rows()).extracting(Row::level, Row::mode).containsExactly(
        tuple(EvalLevel.RECORD, RecallMode.BM25), tuple(EvalLevel.RECORD, RecallMode.DENSE),
        tuple(EvalLevel.FOLDER, RecallMode.BM25), tuple(EvalLevel.FOLDER, RecallMode.DENSE));
    // untitled records are the same words as files, so the folder ranks them alike (qrels mapped to file names)
    assertThat(report.row(EvalLevel.FOLDER, RecallMode.BM25).scores())
        .isEqualTo(report.row(EvalLevel.RECORD, RecallMode.BM25).scores());
    assertThat(report.row(EvalLevel.FOLDER, RecallMode.BM25).scores().mrr10()).isCloseTo(0.625, EXACT);
    assertThat(report.folder()).isEqualTo(new EvalReport.Folder(4, 4, report.folder().ingestMillis()));
    assertThat(report.table()).contains("tiny-faq  folder  bm25     0.5978   0.6250   0.6250   0.6250        4")
        .contains("tiny-faq as files: 4 Markdown files, 4 doc chunks");
    assertThat(Files.readString(tmp.resolve("kept.as-files/md/faq_a.md")))
        .isEqualTo("Indentation groups statements in Python.\n");

    // one TREC run per measured row, none for a mode that was not run; ids as each level judges them
    assertThat(runs.resolve("tiny-faq.record.dense.run")).doesNotExist();
    List<String> record = Files.readAllLines(runs.resolve("tiny-faq.record.bm25.run"));
    List<String> folder = Files.readAllLines(runs.resolve("tiny-faq.folder.bm25.run"));
    assertThat(record).extracting(line -> line.split(" ").length).containsOnly(6);
    assertThat(record).filteredOn(line -> line.startsWith("q2 ")).extracting(line -> line.split(" ")[2])
        .containsExactly("faq/b", "faq/d");
    assertThat(folder).filteredOn(line -> line.startsWith("q2 ")).extracting(line -> line.split(" ")[2])
        .containsExactly("faq_b.md", "faq_d.md");
    // q5 "zebra" matches nothing: no line; q4 has no judgment: not run
    assertThat(record).extracting(line -> line.split(" ")[0]).containsOnly("q1", "q2", "q3");
    assertThat(record).allMatch(line -> line.endsWith(" weft-bm25"));
  }

  @Test
  void asFilesIsRefusedForATreeSetWhichIsAFolderAlready() throws IOException {
    Path set = Files.createDirectories(tmp.resolve("trees").resolve("t"));
    Files.createDirectories(set.resolve("tree"));
    Files.writeString(set.resolve("tree/A.md"), "alpha\n");
    Files.writeString(set.resolve("queries.jsonl"), "{\"_id\": \"q\", \"text\": \"alpha\"}\n");
    Files.writeString(set.resolve("qrels.tsv"), "query-id\tcorpus-id\tscore\nq\tA.md\t1\n");

    assertThatThrownBy(() -> new EvalRunner().run(BeirSet.load(set), EvalOptions.defaults().withAsFiles(true)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--as-files writes the records of a corpus file as Markdown files, but t has a tree/, which is "
            + "a folder already; drop --as-files");
  }

  /** Four records, five queries: one unjudged, one matching nothing. */
  private Path tinyFaq() throws IOException {
    Path set = Files.createDirectories(tmp.resolve("tiny-faq"));
    Files.writeString(set.resolve("corpus.jsonl"), """
        {"_id": "faq/a", "title": "", "text": "Indentation groups statements in Python."}
        {"_id": "faq/b", "title": "", "text": "Strings are immutable so they can be dictionary keys."}
        {"_id": "faq/c", "title": "", "text": "Floating point numbers are binary fractions."}
        {"_id": "faq/d", "title": "", "text": "Lists are mutable sequences; tuples are immutable sequences."}
        """);
    Files.writeString(set.resolve("queries.jsonl"), """
        {"_id": "q1", "text": "why indentation"}
        {"_id": "q2", "text": "immutable strings"}
        {"_id": "q3", "text": "binary fractions"}
        {"_id": "q4", "text": "unjudged question"}
        {"_id": "q5", "text": "zebra"}
        """);
    Files.writeString(set.resolve("qrels.tsv"), """
        query-id\tcorpus-id\tscore
        q1\tfaq/a\t1
        q2\tfaq/d\t1
        q3\tfaq/c\t2
        q3\tfaq/a\t1
        q5\tfaq/b\t1
        """);
    return set;
  }
}
