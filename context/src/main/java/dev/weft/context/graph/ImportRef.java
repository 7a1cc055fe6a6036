package dev.weft.context.graph;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * One import of a source file as extracted at ingest, before resolution: what the source says ({@code spec}) and
 * the keys that could satisfy it, best first ({@code path:src/a.ts}, {@code java:com.acme.Foo}, {@code dir:pkg/util},
 * {@code py:pkg.mod}). The first key some indexed file provides wins; every file providing it becomes a target.
 *
 * @param spec the import as written ({@code com.acme.Foo}, {@code ./util}, {@code fmt}); the external name when
 *     nothing resolves
 * @param candidates keys, best first; empty when the import can only be external (a bare npm name)
 * @param implicit a guess rather than an import statement (a Java same-package type reference): dropped when it does
 *     not resolve, never counted as external
 */
public record ImportRef(String spec, List<String> candidates, boolean implicit) implements Serializable {
  public ImportRef {
    Objects.requireNonNull(spec, "spec");
    candidates = List.copyOf(candidates);
  }

  public static ImportRef of(String spec, List<String> candidates) {
    return new ImportRef(spec, candidates, false);
  }
}
