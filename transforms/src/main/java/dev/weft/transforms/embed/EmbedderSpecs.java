package dev.weft.transforms.embed;

import dev.weft.context.embed.EmbedderSpec;
import java.util.Locale;

/**
 * The {@code --embedder} values of the CLI:
 *
 * <ul>
 *   <li>{@code onnx:bge-small} (or {@code bge-small}, or {@code default}): bge-small-en-v1.5, int8, in-process;
 *   <li>{@code onnx:minilm} (or {@code minilm}): all-MiniLM-L6-v2, int8, in-process, about twice as fast;
 *   <li>{@code hash:<dims>}: the deterministic trigram hash embedder, e.g. {@code hash:256};
 *   <li>{@code openai:<model>@<baseUrl>#<dims>}: an OpenAI-compatible server, e.g.
 *       {@code openai:text-embedding-3-small@https://api.openai.com#1536}, with the key in
 *       {@code $OPENAI_API_KEY} and the defaults of {@link OpenAiEmbedderSpec#of}.
 * </ul>
 *
 * <p>For {@code openai:} the model is everything up to the first {@code @} (model names may hold {@code :} and
 * {@code /}, as in {@code nomic-embed-text:latest} or {@code BAAI/bge-small-en-v1.5}) and the dims follow the last
 * {@code #} (a base URL has no fragment).
 */
public final class EmbedderSpecs {
  /**
   * The in-process model used when none is named: bge-small, which retrieved better than MiniLM on every
   * labelled set (docs/quality.md), though it embeds about half as fast on CPU (docs/embeddings.md).
   */
  public static final EmbedderSpec DEFAULT = new OnnxEmbedderSpec(OnnxModel.BGE_SMALL_EN_V15_Q);

  static final String ACCEPTED =
      "onnx:bge-small (aliases bge-small, default), onnx:minilm (alias minilm), hash:<dims> (e.g. hash:256), "
          + "openai:<model>@<baseUrl>#<dims> (e.g. openai:text-embedding-3-small@https://api.openai.com#1536)";

  private EmbedderSpecs() {}

  /**
   * The spec {@code value} names.
   *
   * @throws IllegalArgumentException naming the value and the accepted forms
   */
  public static EmbedderSpec parse(String value) {
    if (value == null || value.isBlank()) {
      throw refused(value, "it is empty");
    }
    String v = value.strip();
    String lower = v.toLowerCase(Locale.ROOT);
    switch (lower) {
      case "onnx:minilm", "minilm":
        return new OnnxEmbedderSpec(OnnxModel.MINILM_L6_V2_Q);
      case "onnx:bge-small", "bge-small", "default":
        return new OnnxEmbedderSpec(OnnxModel.BGE_SMALL_EN_V15_Q);
      default:
        break;
    }
    if (lower.startsWith("hash:")) {
      return new HashEmbedderSpec(parseDims(value, v.substring("hash:".length())));
    }
    if (lower.startsWith("openai:")) {
      return parseOpenAi(value, v.substring("openai:".length()));
    }
    throw refused(value, "it names no known embedder");
  }

  private static EmbedderSpec parseOpenAi(String value, String rest) {
    int at = rest.indexOf('@');
    int hash = rest.lastIndexOf('#');
    if (at <= 0 || hash < at + 2) {
      throw refused(value, "openai: needs <model>@<baseUrl>#<dims>");
    }
    String model = rest.substring(0, at);
    String baseUrl = rest.substring(at + 1, hash);
    int dims = parseDims(value, rest.substring(hash + 1));
    try {
      return OpenAiEmbedderSpec.of(baseUrl, model, dims);
    } catch (IllegalArgumentException e) {
      throw refused(value, e.getMessage());
    }
  }

  private static int parseDims(String value, String dims) {
    int parsed;
    try {
      parsed = Integer.parseInt(dims.strip());
    } catch (NumberFormatException e) {
      throw refused(value, "dims must be a whole number, got: '" + dims + "'");
    }
    if (parsed < 1) {
      throw refused(value, "dims must be at least 1, got: " + parsed);
    }
    return parsed;
  }

  private static IllegalArgumentException refused(String value, String why) {
    return new IllegalArgumentException(
        "unknown embedder '" + value + "' (" + why + "); accepted: " + ACCEPTED);
  }
}
