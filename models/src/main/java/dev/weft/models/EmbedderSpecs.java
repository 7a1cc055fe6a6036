package dev.weft.models;

import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.models.embed.EmbedderProvider;
import dev.weft.models.hash.HashProvider;
import dev.weft.models.onnx.OnnxEmbedderSpec;
import dev.weft.models.onnx.OnnxModel;
import dev.weft.models.onnx.OnnxProvider;
import dev.weft.models.openai.OpenAiProvider;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The embedder registry: every kind of embedder a user can name, as an {@link EmbedderProvider}, and the one place
 * that reads an {@code --embedder} value, writes a spec back for the manifest, rebuilds a spec from a stored vector
 * identity, and lists the accepted forms for help texts. The forms (docs/embeddings.md):
 *
 * <ul>
 *   <li>{@code onnx:bge-small} (or {@code bge-small}, or {@code default}): bge-small-en-v1.5, int8, in-process;
 *   <li>{@code onnx:minilm} (or {@code minilm}): all-MiniLM-L6-v2, int8, in-process, about twice as fast;
 *   <li>{@code hash:<dims>}: the deterministic trigram hash embedder, e.g. {@code hash:256};
 *   <li>{@code openai:<model>@<baseUrl>#<dims>[?key=value&...]}: an OpenAI-compatible server
 *       ({@link OpenAiProvider}).
 * </ul>
 */
public final class EmbedderSpecs {
  /**
   * The in-process model used when none is named: bge-small, which retrieved better than MiniLM on every
   * labelled set (docs/quality.md), though it embeds about half as fast on CPU (docs/embeddings.md).
   */
  public static final EmbedderSpec DEFAULT = new OnnxEmbedderSpec(OnnxModel.BGE_SMALL_EN_V15_Q);

  /** Every provider, in the order help texts list them; a value goes to the first that accepts it. */
  public static final List<EmbedderProvider> PROVIDERS = List.of(
      new OnnxProvider(OnnxModel.BGE_SMALL_EN_V15_Q, "default"),
      new OnnxProvider(OnnxModel.MINILM_L6_V2_Q),
      new HashProvider(),
      new OpenAiProvider());

  /** The accepted forms, one per provider, e.g. {@code hash:<dims> (e.g. hash:256)}: for help texts. */
  public static final List<String> SYNTAX = PROVIDERS.stream().map(EmbedderProvider::syntax).toList();

  private EmbedderSpecs() {}

  /**
   * The spec {@code value} names (case-insensitive names, surrounding blanks ignored).
   *
   * @throws IllegalArgumentException naming the value, what is wrong with it, and the accepted forms
   */
  public static EmbedderSpec parse(String value) {
    if (value == null || value.isBlank()) {
      throw refused(value, "it is empty");
    }
    String v = value.strip();
    String lower = v.toLowerCase(Locale.ROOT);
    EmbedderProvider provider = PROVIDERS.stream().filter(p -> p.accepts(lower)).findFirst()
        .orElseThrow(() -> refused(value, "it names no known embedder"));
    try {
      return provider.parse(v);
    } catch (IllegalArgumentException e) {
      throw refused(value, e.getMessage());
    }
  }

  /**
   * The form {@link #parse} reads back into an equal spec, for the manifest: {@code onnx:bge-small},
   * {@code hash:64}, {@code openai:<model>@<baseUrl>#<dims>} with the options that differ from the defaults.
   * Empty for a spec no provider knows (one built in code, as tests do).
   */
  public static Optional<String> format(EmbedderSpec spec) {
    return PROVIDERS.stream().flatMap(p -> p.format(spec).stream()).findFirst();
  }

  /**
   * The spec that makes vectors of {@code identity} when the identity alone is enough (an in-process model, the
   * hash embedder); empty for an endpoint, whose URL only a recorded spec or {@code --embedder} can give.
   */
  public static Optional<EmbedderSpec> fromIdentity(EmbedderIdentity identity) {
    return PROVIDERS.stream().flatMap(p -> p.fromIdentity(identity).stream()).findFirst();
  }

  private static IllegalArgumentException refused(String value, String why) {
    return new IllegalArgumentException(
        "unknown embedder '" + value + "' (" + why + "); accepted: " + String.join(", ", SYNTAX));
  }
}
