package dev.weft.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Kind;
import dev.weft.pipelines.Runner;
import dev.weft.pipelines.ingest.DatasetSource;
import dev.weft.pipelines.ingest.DirectorySource;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A run is the ingest layer's own source, settings and write access, plus the facade's embedder choice. */
class IndexRunTest {
  private static final Path ROOT = Path.of("corpus");

  @Test
  void aTreeRunIsADirectorySourceWithItsSettings() {
    IndexRun run = IndexRun.tree(ROOT).paths(List.of("src")).extensions(List.of("java")).maxFileBytes(1024)
        .force(true).runner(Runner.INPROCESS).keepGenerations(3).embedBatchSize(8)
        .lockWait(Duration.ofSeconds(2)).build();

    assertThat(run.source()).isInstanceOfSatisfying(DirectorySource.class, tree -> {
      assertThat(tree.root()).isEqualTo(ROOT.toAbsolutePath().normalize());
      assertThat(tree.scope().entries()).containsExactly("src");
      assertThat(tree.router().extensions()).containsExactly(".java");
      assertThat(tree.maxFileBytes()).isEqualTo(1024);
    });
    assertThat(run.settings().force()).isTrue();
    assertThat(run.settings().runner()).isEqualTo(Runner.INPROCESS);
    assertThat(run.settings().keepGenerations()).isEqualTo(3);
    assertThat(run.settings().embedBatchSize()).isEqualTo(8);
    assertThat(run.settings().embedder()).as("chosen by the run, against the index").isNull();
    assertThat(run.embedding()).isEqualTo(new IndexRun.Embedding(false, null));
    assertThat(run.access().lockWait()).isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void aDatasetRunIsADatasetSourceAndANamedEmbedderMeansEmbed() {
    IndexRun run = IndexRun.dataset(Path.of("faq.jsonl")).datasetKind(Kind.CODE).datasetFormat("markdown")
        .embedder("hash:16").build();

    assertThat(run.source()).isEqualTo(new DatasetSource(Path.of("faq.jsonl"), Kind.CODE, "markdown"));
    assertThat(run.embedding()).isEqualTo(new IndexRun.Embedding(true, "hash:16"));
  }

  @Test
  void valuesAreCheckedWhenBuiltByTheRecordsTheyBecome() {
    assertThatThrownBy(() -> IndexRun.tree(ROOT).keepGenerations(0).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("generations to keep must be at least 1, got: 0");
    assertThatThrownBy(() -> IndexRun.dataset(Path.of("faq.jsonl")).datasetFormat(" ").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("record chunking format must be non-blank, got: \" \"");
  }
}
