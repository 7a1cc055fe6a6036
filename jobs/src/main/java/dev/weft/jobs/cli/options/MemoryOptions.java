package dev.weft.jobs.cli.options;

import dev.weft.context.memory.MemoryScope;
import picocli.CommandLine.Option;

/** The {@code --scope} and {@code --embedder} options of the memory commands. */
public final class MemoryOptions {
  @Option(names = "--scope", paramLabel = "S",
      description = "global (default), OWNER or OWNER/SESSION; a scope sees only its own records.")
  public String scope;

  @Option(names = "--embedder", paramLabel = "SPEC", completionCandidates = EmbedderForms.class,
      description = "Embedder for what is remembered and for dense/hybrid recall, one of ${COMPLETION-CANDIDATES} "
          + "(default: the one the memories were embedded with, else none: bm25 only).")
  public String embedder;

  /** The named scope, or null for the memory's default (global). */
  public MemoryScope scope() {
    return scope == null ? null : MemoryScope.parse(scope);
  }
}
