package dev.weft.jobs.cli.options;

import dev.weft.models.EmbedderSpecs;
import java.util.Iterator;

/**
 * The {@code --embedder} forms, one per provider of the registry, for help texts: an option naming this class as
 * its {@code completionCandidates} lists them with {@code ${COMPLETION-CANDIDATES}} in its description, so a new
 * provider shows up in every command's help without editing it.
 */
public final class EmbedderForms implements Iterable<String> {
  @Override
  public Iterator<String> iterator() {
    return EmbedderSpecs.SYNTAX.iterator();
  }
}
