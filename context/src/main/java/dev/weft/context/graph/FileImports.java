package dev.weft.context.graph;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * What one source file contributes to the code graph, as extracted at ingest from that file alone (plus the
 * project files its language resolves through: the nearest {@code tsconfig.json} or {@code go.mod}): the keys it
 * provides beyond those derived from its path ({@code java:com.acme.Foo} from its package declaration) and its
 * imports, unresolved. Resolution against the other files of a generation happens when the graph is read
 * ({@link CodeGraph}), so a file added later resolves an earlier file's import without rewriting it.
 */
public record FileImports(List<String> provides, List<ImportRef> imports) implements Serializable {
  /** The version of the extraction rules; part of the ingest stamp, so a change re-extracts every file once. */
  public static final String VERSION = "graph-2";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final FileImports NONE = new FileImports(List.of(), List.of());

  public FileImports {
    provides = List.copyOf(provides);
    imports = List.copyOf(imports);
  }

  /** A file of a format without an extractor (or no code at all). */
  public static FileImports none() {
    return NONE;
  }

  /** The stored form: compact JSON, the same bytes for equal values. */
  public String toJson() {
    try {
      return JSON.writeValueAsString(this);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException("cannot write the imports as JSON", e);
    }
  }

  public static FileImports fromJson(String json) {
    try {
      return JSON.readValue(json, FileImports.class);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("stored imports must be the JSON FileImports writes, got: " + json
          + "; re-index with `weft index --force` (" + e.getOriginalMessage() + ")", e);
    }
  }
}
