package dev.weft.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.generation.RequestedEmbedder;
import dev.weft.models.EmbedderSpecs;
import dev.weft.models.hash.HashEmbedderSpec;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EmbedderChoiceTest {
  @Test
  void theRecordedSpecIsUsedOnlyForTheModelTheVectorsHave() {
    RequestedEmbedder openAi = new RequestedEmbedder(new EmbedderIdentity("openai:m", 8), "openai:m@http://h#8");

    assertThat(EmbedderChoice.resolve(null, Optional.empty(), Optional.of(openAi)))
        .isEqualTo(EmbedderSpecs.parse("openai:m@http://h#8"));
    assertThat(EmbedderChoice.resolve(null, Optional.of(new EmbedderIdentity("openai:m", 8)), Optional.of(openAi)))
        .isEqualTo(EmbedderSpecs.parse("openai:m@http://h#8"));
    assertThat(EmbedderChoice.resolve(null, Optional.of(new HashEmbedderSpec(16).identity()), Optional.of(openAi)))
        .as("vectors of another model win over a later request").isEqualTo(new HashEmbedderSpec(16));
    assertThat(EmbedderChoice.resolve("hash:4", Optional.empty(), Optional.of(openAi)))
        .isEqualTo(new HashEmbedderSpec(4));
  }
}
