package dev.weft.models.hash;

import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.models.embed.EmbedderProvider;
import dev.weft.models.embed.SpecParts;
import java.util.Optional;

/** {@code hash:<dims>}: the deterministic trigram {@link HashEmbedder}. */
public final class HashProvider implements EmbedderProvider {
  private static final String PREFIX = "hash:";

  @Override
  public String scheme() {
    return "hash";
  }

  @Override
  public String syntax() {
    return "hash:<dims> (e.g. hash:256)";
  }

  @Override
  public boolean accepts(String value) {
    return value.startsWith(PREFIX);
  }

  @Override
  public EmbedderSpec parse(String value) {
    return new HashEmbedderSpec(SpecParts.dims(value.substring(PREFIX.length())));
  }

  @Override
  public Optional<String> format(EmbedderSpec spec) {
    return spec instanceof HashEmbedderSpec hash ? Optional.of(PREFIX + hash.dims()) : Optional.empty();
  }

  @Override
  public Optional<EmbedderSpec> fromIdentity(EmbedderIdentity identity) {
    return HashEmbedderSpec.MODEL.equals(identity.model())
        ? Optional.of(new HashEmbedderSpec(identity.dims()))
        : Optional.empty();
  }
}
