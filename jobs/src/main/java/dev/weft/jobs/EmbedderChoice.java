package dev.weft.jobs;

import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.transforms.embed.EmbedderSpecs;
import dev.weft.transforms.embed.HashEmbedderSpec;
import dev.weft.transforms.embed.OnnxEmbedderSpec;
import dev.weft.transforms.embed.OnnxModel;
import java.util.Optional;

/**
 * Picks the embedder a command uses: {@code --embedder} when given, else the one the index was built with
 * (an in-process model or the hash embedder can be rebuilt from its identity alone), else the default model.
 */
final class EmbedderChoice {
  private EmbedderChoice() {}

  static EmbedderSpec resolve(String flag, Optional<EmbedderIdentity> indexed) {
    if (flag != null) {
      return EmbedderSpecs.parse(flag);
    }
    if (indexed.isEmpty()) {
      return EmbedderSpecs.DEFAULT;
    }
    EmbedderIdentity identity = indexed.get();
    for (OnnxModel model : OnnxModel.values()) {
      OnnxEmbedderSpec spec = new OnnxEmbedderSpec(model);
      if (EmbedderIdentity.sameIdentity(spec.identity(), identity)) {
        return spec;
      }
    }
    if (HashEmbedderSpec.MODEL.equals(identity.model())) {
      return new HashEmbedderSpec(identity.dims());
    }
    throw new IllegalArgumentException("the index was embedded with " + identity
        + ", which cannot be rebuilt from its name; pass --embedder (e.g. openai:<model>@<baseUrl>#<dims>)");
  }
}
