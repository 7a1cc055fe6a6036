package dev.weft.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.context.ledger.ClaimEvidence;
import dev.weft.context.ledger.ClaimEvidenceException;
import dev.weft.pipelines.Runner;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Evidence quoting a chunk is checked against the indexed chunk of the golden corpus. */
class IndexChunkTextsTest {
  private static final String TROUBLESHOOTING = "docs/guide.md";
  @TempDir static Path tmp;
  static Weft weft;

  @BeforeAll
  static void indexTheGoldenCorpus() {
    Path root = Golden.copy(tmp.resolve("corpus"));
    weft = Weft.open(tmp.resolve("index"));
    weft.index(IndexRun.tree(root).runner(Runner.INPROCESS).build());
  }

  @AfterAll
  static void close() {
    weft.close();
  }

  private static ObjectNode envelope(String citation, String quote) throws Exception {
    return (ObjectNode) new ObjectMapper().readTree(("""
        {"version": 1, "artifacts": [{"id": "a1", "path": "docs/guide.md"}],
         "evidence": [{"id": "e1", "artifact": "a1", %s, "quote": "%s"}],
         "visibleEvidence": ["e1"],
         "claims": [{"id": "c1", "text": "the guide says so", "critical": true, "evidence": ["e1"]}]}
        """).formatted(citation, quote));
  }

  @Test
  void aChunkIdAndPathWithLinesReadTheIndexedChunk() {
    String chunk = weft.chunkTexts().lines(TROUBLESHOOTING, 15, 18).orElseThrow();
    assertThat(chunk).startsWith("## Troubleshooting");
    String id = null;
    for (int ordinal = 0; ordinal < 10 && id == null; ordinal++) {
      if (weft.chunkText(TROUBLESHOOTING + "#" + ordinal).filter(chunk::equals).isPresent()) {
        id = TROUBLESHOOTING + "#" + ordinal;
      }
    }
    assertThat(id).as("some chunk id of the guide holds the troubleshooting section").isNotNull();
    assertThat(weft.chunkText("docs/nothing.md#0")).isEmpty();
  }

  @Test
  void aQuoteThatIsInTheChunkPassesAndOneThatIsNotIsRefusedByName() throws Exception {
    ClaimEvidence evidence = new ClaimEvidence(weft.chunkTexts());
    assertThatCode(() -> evidence.validateClaimEvidence(envelope("\"path\": \"docs/guide.md\", \"lines\": "
        + "\"15-18\"", "check the log for a port conflict"), Set.of())).doesNotThrowAnyException();

    assertThatThrownBy(() -> evidence.validateClaimEvidence(envelope("\"path\": \"docs/guide.md\", \"lines\": "
        + "\"15-18\"", "delete the data directory"), Set.of()))
        .isInstanceOf(ClaimEvidenceException.class)
        .hasMessageContaining("the quote 'delete the data directory' is not in chunk docs/guide.md:15-18");
    assertThatThrownBy(() -> evidence.validateClaimEvidence(envelope("\"chunk\": \"docs/guide.md#99\"",
        "anything"), Set.of()))
        .hasMessageContaining("cites chunk docs/guide.md#99, which the index does not hold");
  }
}
