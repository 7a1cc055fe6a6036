package dev.weft.models.onnx;

import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.models.embed.EmbedderProvider;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One in-process model: {@code onnx:<name>} and {@code <name>}, plus any further aliases (the default model also
 * answers to {@code default}). One provider per {@link OnnxModel}.
 */
public final class OnnxProvider implements EmbedderProvider {
  private final OnnxModel model;
  private final List<String> names;

  /** @param extraAliases names besides {@code onnx:<name>} and {@code <name>}, lower case */
  public OnnxProvider(OnnxModel model, String... extraAliases) {
    this.model = model;
    this.names = Stream.concat(
        Stream.of("onnx:" + model.shortName(), model.shortName()),
        Stream.of(extraAliases)).toList();
  }

  @Override
  public String scheme() {
    return model.shortName();
  }

  @Override
  public String syntax() {
    List<String> aliases = names.subList(1, names.size());
    return names.get(0) + " (" + (aliases.size() == 1 ? "alias " : "aliases ") + String.join(", ", aliases) + ")";
  }

  @Override
  public boolean accepts(String value) {
    return names.contains(value);
  }

  @Override
  public EmbedderSpec parse(String value) {
    return new OnnxEmbedderSpec(model);
  }

  @Override
  public Optional<String> format(EmbedderSpec spec) {
    return spec instanceof OnnxEmbedderSpec onnx && onnx.model() == model
        ? Optional.of(names.get(0))
        : Optional.empty();
  }

  @Override
  public Optional<EmbedderSpec> fromIdentity(EmbedderIdentity identity) {
    return EmbedderIdentity.sameIdentity(model.identity(), identity)
        ? Optional.of(new OnnxEmbedderSpec(model))
        : Optional.empty();
  }
}
