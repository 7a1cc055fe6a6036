package dev.weft.context.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class EmbedderIdentityTest {
  private static final EmbedderIdentity MINILM = new EmbedderIdentity("all-minilm-l6-v2-q", 384);

  @Test
  void sameModelAndDimsMatch() {
    assertThat(EmbedderIdentity.sameIdentity(MINILM, new EmbedderIdentity("all-minilm-l6-v2-q", 384))).isTrue();
  }

  @Test
  void unknownNeverMatchesNotEvenUnknown() {
    assertThat(EmbedderIdentity.sameIdentity(null, MINILM)).isFalse();
    assertThat(EmbedderIdentity.sameIdentity(MINILM, null)).isFalse();
    assertThat(EmbedderIdentity.sameIdentity(null, null)).isFalse();
  }

  @Test
  void dimsAloneNeverMatch() {
    assertThat(EmbedderIdentity.sameIdentity(MINILM, new EmbedderIdentity("bge-small-en-v1.5-q", 384))).isFalse();
    assertThat(EmbedderIdentity.sameIdentity(MINILM, new EmbedderIdentity("all-minilm-l6-v2-q", 256))).isFalse();
  }

  @Test
  void refusesBlankModelsAndNonPositiveDims() {
    assertThatThrownBy(() -> new EmbedderIdentity(" ", 3)).hasMessage("embedder model must not be blank, got: ' '");
    assertThatThrownBy(() -> new EmbedderIdentity("m", 0)).hasMessage("embedder dims must be at least 1, got: 0");
  }

  @Test
  void printsAsModelSlashDims() {
    assertThat(MINILM).hasToString("all-minilm-l6-v2-q/384");
  }
}
