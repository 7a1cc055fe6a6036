package dev.weft.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.Hit;
import dev.weft.context.RecallRequest;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.pipelines.Runner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `get` reads items through the source the served generation's manifest records, never a guess from the root. */
class WeftItemSourceTest {
  private static final String NOTES = "# Notes\n\nThe refill rate is one permit per second.\n";
  private static final String RECORD =
      "{\"_id\": \"faq#1\", \"title\": \"Strings\", \"text\": \"Strings are immutable.\"}\n";
  private static final String RECORD_BODY = "Strings\n\nStrings are immutable.";

  @TempDir Path tmp;

  @Test
  void aTreeIndexReadsItsFilesFromTheRecordedTree() throws IOException {
    Path root = Files.createDirectories(tmp.resolve("corpus"));
    Files.writeString(root.resolve("notes.md"), NOTES);
    Path index = tmp.resolve("index");
    try (Weft weft = Weft.open(index)) {
      weft.index(IndexRun.tree(root).runner(Runner.INPROCESS).build());
    }
    // the manifest names another tree than the corpus root: get follows the manifest's source
    Path recorded = Files.createDirectories(tmp.resolve("recorded"));
    Files.writeString(recorded.resolve("notes.md"), NOTES);
    editManifest(index, manifest -> ((ObjectNode) manifest.get("source")).put("location", recorded.toString()));
    Files.delete(root.resolve("notes.md"));

    try (Weft weft = Weft.open(index)) {
      Hit hit = weft.recall(RecallRequest.of("refill permit")).hits().get(0);
      assertThat(weft.get("notes.md")).isEqualTo(NOTES);
      assertThat(weft.get("notes.md", Lines.of(hit))).contains(NOTES.strip());
    }
  }

  @Test
  void aDatasetIndexNeverReadsATreeInItsPlace() throws IOException {
    Path dataset = Files.writeString(tmp.resolve("faq.jsonl"), RECORD);
    Path index = tmp.resolve("index");
    try (Weft weft = Weft.open(index)) {
      weft.index(IndexRun.dataset(dataset).build());
      assertThat(weft.get("faq#1")).isEqualTo(RECORD_BODY);
    }
    // a tree where the dataset was, holding the item under its id with the indexed bytes: a guess would serve it
    Files.delete(dataset);
    Files.createDirectories(dataset);
    Files.writeString(dataset.resolve("faq#1"), RECORD_BODY);

    try (Weft weft = Weft.open(index)) {
      assertThatThrownBy(() -> weft.get("faq#1"))
          .isInstanceOf(WeftException.class)
          .hasMessageContaining("its dataset " + dataset.toAbsolutePath() + " is now a directory, not a regular file")
          .satisfies(e -> assertThat(((WeftException) e).status()).isEqualTo(ExitStatus.NOTHING_FOUND));
    }
  }

  @Test
  void aManifestWrittenBeforeTheSourceFallsBackToTheLegacyRule() throws IOException {
    // a dataset's corpus root is the dataset file: read as a dataset
    Path dataset = Files.writeString(tmp.resolve("faq.jsonl"), RECORD);
    Path datasetIndex = tmp.resolve("dataset-index");
    try (Weft weft = Weft.open(datasetIndex)) {
      weft.index(IndexRun.dataset(dataset).build());
    }
    editManifest(datasetIndex, manifest -> manifest.remove("source"));
    // a tree's corpus root is a directory: read as a tree
    Path root = Files.createDirectories(tmp.resolve("corpus"));
    Files.writeString(root.resolve("notes.md"), NOTES);
    Path treeIndex = tmp.resolve("tree-index");
    try (Weft weft = Weft.open(treeIndex)) {
      weft.index(IndexRun.tree(root).runner(Runner.INPROCESS).build());
    }
    editManifest(treeIndex, manifest -> manifest.remove("source"));

    try (Weft fromDataset = Weft.open(datasetIndex); Weft fromTree = Weft.open(treeIndex)) {
      assertThat(fromDataset.generations().kept().get(0).source()).as("an old manifest").isNull();
      assertThat(fromDataset.get("faq#1")).isEqualTo(RECORD_BODY);
      assertThat(fromTree.generations().kept().get(0).source()).as("an old manifest").isNull();
      assertThat(fromTree.get("notes.md")).isEqualTo(NOTES);
      assertThatThrownBy(() -> fromTree.get("../faq.jsonl"))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must stay inside the corpus root");
    }
  }

  /** Rewrites generation 1's manifest as an older or hand-edited one would read. */
  private static void editManifest(Path index, Consumer<ObjectNode> edit) throws IOException {
    Path file = index.resolve("generations/1.json");
    ObjectMapper json = new ObjectMapper();
    ObjectNode manifest = (ObjectNode) json.readTree(file.toFile());
    edit.accept(manifest);
    json.writeValue(file.toFile(), manifest);
  }
}
