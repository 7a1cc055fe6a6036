package dev.weft.bench.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BeirCorpusTest {
  @TempDir Path tmp;

  @Test
  void writesEachRecordAsAMarkdownFileWithItsTitleAsAHeading() throws IOException {
    Path set = Files.createDirectories(tmp.resolve("set"));
    Files.writeString(set.resolve("corpus.jsonl"), """
        {"_id": "faq/design#1", "title": "Why indentation?", "text": "Because."}
        {"_id": "about", "text": "Plain."}
        """);
    Path out = Files.createDirectories(tmp.resolve("out"));

    assertThat(BeirCorpus.writeMarkdownFiles(set, out))
        .containsExactly(Map.entry("faq/design#1", "faq_design_1.md"), Map.entry("about", "about.md"));
    assertThat(Files.readString(out.resolve("faq_design_1.md"))).isEqualTo("# Why indentation?\n\nBecause.\n");
    assertThat(Files.readString(out.resolve("about.md"))).isEqualTo("Plain.\n");
  }

  @Test
  void aBadRecordOrNoCorpusIsRefusedByName() throws IOException {
    Path set = Files.createDirectories(tmp.resolve("bad"));
    Path out = Files.createDirectories(tmp.resolve("out"));
    assertThatThrownBy(() -> BeirCorpus.writeMarkdownFiles(set, out))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got none in: " + set);
    Files.writeString(set.resolve("corpus.jsonl"), "{\"_id\": \"x\"}\n");
    assertThatThrownBy(() -> BeirCorpus.writeMarkdownFiles(set, out))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at line 1: record text must be a string");
  }

  @Test
  void twoIdsThatMapToOneFileNameAreRefusedInsteadOfOneOverwritingTheOther() throws IOException {
    Path set = Files.createDirectories(tmp.resolve("clash"));
    Files.writeString(set.resolve("corpus.jsonl"), """
        {"_id": "a/b", "text": "first"}
        {"_id": "a#b", "text": "second"}
        """);
    Path out = Files.createDirectories(tmp.resolve("out"));
    assertThatThrownBy(() -> BeirCorpus.writeMarkdownFiles(set, out))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("records a/b and a#b of ").hasMessageContaining("both map to the file name a_b.md");
  }
}
