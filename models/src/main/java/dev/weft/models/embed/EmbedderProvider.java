package dev.weft.models.embed;

import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbedderSpec;
import java.util.Optional;

/**
 * One kind of embedder as a user names it: the {@code --embedder} forms it reads, how a spec of it is written back
 * for the manifest, how a stored vector identity maps back to a spec, and the line the help texts show. The
 * registry ({@code dev.weft.models.EmbedderSpecs.PROVIDERS}) asks each provider in turn; adding an embedder is one
 * provider, one registry entry and one {@code EmbedderContractTest} subclass (docs/embeddings.md).
 */
public interface EmbedderProvider {
  /** The provider's name: {@code bge-small}, {@code minilm}, {@code hash}, {@code openai}. */
  String scheme();

  /** The forms it reads with an example, for help texts and refusals, e.g. {@code hash:<dims> (e.g. hash:256)}. */
  String syntax();

  /** True when {@code value} (stripped and lower-cased) is of this provider's form, well-formed or not. */
  boolean accepts(String value);

  /**
   * The spec {@code value} (stripped, case as given) names; only called when {@link #accepts} said yes.
   *
   * @throws IllegalArgumentException saying what is wrong with it (the registry names the value and the forms)
   */
  EmbedderSpec parse(String value);

  /**
   * The form {@link #parse} reads back into an equal spec, for the manifest; empty when {@code spec} is not this
   * provider's.
   */
  Optional<String> format(EmbedderSpec spec);

  /**
   * The spec that makes vectors of {@code identity}, when the identity alone is enough to rebuild it (an
   * in-process model, the hash embedder); empty otherwise (an endpoint needs its URL).
   */
  Optional<EmbedderSpec> fromIdentity(EmbedderIdentity identity);
}
