package dev.weft.context.ledger;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Whatever references an envelope makes, it passes exactly when every one of them resolves. */
class ClaimEvidencePropertyTest {
  private static final String GHOST = "ghost";
  private final ClaimEvidence evidence = new ClaimEvidence(ChunkTexts.NONE);

  @Property(tries = 300)
  void anEnvelopePassesExactlyWhenEveryReferenceResolves(
      @ForAll("references") List<Integer> artifactRefs, @ForAll("references") List<Integer> claimRefs,
      @ForAll("references") List<Integer> visibleRefs, @ForAll boolean viaHost) {
    ObjectNode envelope = LedgerJson.object().put("version", 1);
    ArrayNode artifacts = envelope.putArray("artifacts");
    artifacts.addObject().put("id", "a0");
    artifacts.addObject().put("id", "a1");
    ArrayNode items = envelope.putArray("evidence");
    boolean resolves = true;
    for (int i = 0; i < artifactRefs.size(); i++) {
      // 0 and 1 name declared artifacts, 2 the host's, 3 nothing
      int ref = artifactRefs.get(i);
      String artifact = ref < 2 ? "a" + ref : ref == 2 ? "slot:1" : GHOST;
      resolves &= ref < 2 || (ref == 2 && viaHost);
      items.addObject().put("id", "e" + i).put("artifact", artifact);
    }
    ArrayNode visible = envelope.putArray("visibleEvidence");
    for (int ref : visibleRefs) {
      visible.add(ref < artifactRefs.size() ? "e" + ref : GHOST);
      resolves &= ref < artifactRefs.size();
    }
    ArrayNode cites = envelope.putArray("claims").addObject().put("id", "c0").put("text", "t").putArray("evidence");
    for (int ref : claimRefs) {
      cites.add(ref < artifactRefs.size() ? "e" + ref : GHOST);
      resolves &= ref < artifactRefs.size();
    }
    Set<String> hosts = viaHost ? Set.of("slot:1") : Set.of();

    if (resolves) {
      assertThatCode(() -> evidence.validateClaimEvidence(envelope, hosts)).doesNotThrowAnyException();
    } else {
      assertThatThrownBy(() -> evidence.validateClaimEvidence(envelope, hosts))
          .isInstanceOf(ClaimEvidenceException.class).hasMessageContaining("resolve");
    }
  }

  @Provide
  Arbitrary<List<Integer>> references() {
    return Arbitraries.integers().between(0, 3).list().ofMinSize(1).ofMaxSize(4);
  }
}
