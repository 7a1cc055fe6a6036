package dev.weft.api;

import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.context.generation.RequestedEmbedder;
import dev.weft.models.EmbedderSpecs;
import java.util.Optional;

/**
 * Picks the embedder a command uses: {@code --embedder} when given, else the one the index was built with (the
 * spec the manifest recorded, which rebuilds an OpenAI endpoint with its options; an in-process model or the hash
 * embedder can be rebuilt from its identity alone), else the one the last run asked for even if it made no
 * vector, else the default model.
 */
final class EmbedderChoice {
  private EmbedderChoice() {}

  static EmbedderSpec resolve(String flag, Optional<EmbedderIdentity> indexed) {
    return resolve(flag, indexed, Optional.empty());
  }

  /**
   * @param indexed the one identity of the index's vectors, if it has vectors of one model
   * @param requested the embedder the served generation's manifest records as requested
   */
  static EmbedderSpec resolve(String flag, Optional<EmbedderIdentity> indexed, Optional<RequestedEmbedder> requested) {
    if (flag != null) {
      return EmbedderSpecs.parse(flag);
    }
    // the vectors' identity wins: a recorded request for another model must not turn the index into a mixture
    Optional<EmbedderIdentity> wanted = indexed.or(() -> requested.map(RequestedEmbedder::identity));
    if (wanted.isEmpty()) {
      return EmbedderSpecs.DEFAULT;
    }
    EmbedderIdentity identity = wanted.get();
    if (requested.isPresent() && requested.get().spec() != null
        && EmbedderIdentity.sameIdentity(requested.get().identity(), identity)) {
      return EmbedderSpecs.parse(requested.get().spec());
    }
    return EmbedderSpecs.fromIdentity(identity).orElseThrow(() -> new IllegalArgumentException("the index was "
        + "embedded with " + identity + ", which cannot be rebuilt from its name; pass --embedder (e.g. "
        + "openai:<model>@<baseUrl>#<dims>)"));
  }
}
