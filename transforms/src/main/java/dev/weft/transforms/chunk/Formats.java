package dev.weft.transforms.chunk;

import dev.weft.context.Kind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The registry of source formats: the one table the router (extension → kind and format), {@link Chunkers}
 * (format → chunker, and the chunkers' stamp), the default extension list and the CLI help derive from. Adding a
 * format is one chunker class, one entry in {@link #ALL} and one {@code ChunkerContractTest} subclass
 * (docs/ingest.md, "Adding a format").
 */
public final class Formats {
  /**
   * Version of the chunking code every format shares ({@code Lines}, {@code OversizeSplitter}, the paragraph
   * fallback): bump it when that code changes boundaries, so every item is re-chunked. 2: the cut of chunks over
   * 4,000 chars.
   */
  static final int SHARED_VERSION = 2;

  /** The paragraph packer: the format of plain text, and the chunker of every format id not in the registry. */
  public static final String TEXT = "text";

  private static final List<Format> ALL = List.of(
      // java 2: declarations from tree-sitter-java, JavaParser where its grammar errs (same chunks on tree-java and the
      // eval sets; a file only tree-sitter reads, e.g. a string template, is now structured, not paragraph-packed)
      // java 3: read from the outline (bodies emptied: ingest.md, "Outlines"), so an error inside a body is not seen
      new Format("java", Kind.CODE, List.of(".java"), List.of(), true, JavaChunker::new, 3),
      // python 2: the -O2 runtime built here parses a form feed on its own line (bonede's 0.26.6 erred: paragraphs)
      // python 3: read from the outline (function bodies emptied), so an error inside a body no longer means paragraphs
      new Format("python", Kind.CODE, List.of(".py"), List.of(".pyi"), true, PythonChunker::new, 3),
      new Format("javascript", Kind.CODE, List.of(".js", ".mjs", ".cjs"), List.of(".jsx"), true,
          JavaScriptChunker::new, 1),
      new Format("typescript", Kind.CODE, List.of(".ts"), List.of(".mts", ".cts"), true, TypeScriptChunker::new, 1),
      // go 2: read from the outline (top-level blocks emptied), so an error inside a body no longer means paragraphs
      Format.of("go", Kind.CODE, List.of(".go"), GoChunker::new, 2),
      Format.of("markdown", Kind.DOC, List.of(".md", ".markdown"), MarkdownChunker::new, 1),
      Format.of("rst", Kind.DOC, List.of(".rst"), RstChunker::new, 1),
      Format.of(TEXT, Kind.DOC, List.of(".txt"), ParagraphChunker::new, 1));

  private static final Map<String, Format> BY_ID = indexById(ALL);
  private static final Map<String, Format> BY_EXTENSION = indexByExtension(ALL);
  /**
   * Version of the chunk boundaries every chunker here produces, stored (within the ingest stamp) with each
   * indexed item: derived from {@link #SHARED_VERSION} and every format's {@link Format#chunkerVersion()}, so a
   * bump of either changes it.
   */
  static final String STAMP = stamp(SHARED_VERSION, ALL);

  private Formats() {}

  /** Every format, in registry order. */
  public static List<Format> all() {
    return ALL;
  }

  /** The format with this id (any case), or empty when the registry has none. */
  public static Optional<Format> byId(String id) {
    Objects.requireNonNull(id, "id");
    return Optional.ofNullable(BY_ID.get(id.toLowerCase(Locale.ROOT)));
  }

  /** Every extension routed to a format, default or opt-in, to its format; lower case with a leading dot. */
  public static Map<String, Format> byExtension() {
    return BY_EXTENSION;
  }

  /** The extensions indexed when the user names none, in registry order. */
  public static List<String> defaultExtensions() {
    List<String> extensions = new ArrayList<>();
    for (Format format : ALL) {
      if (format.defaultOn()) {
        extensions.addAll(format.extensions());
      }
    }
    return List.copyOf(extensions);
  }

  /**
   * {@code chunkers-<shared>}, then {@code .<id>-<version>} for each format (in registry order) past version 1:
   * every bump gives a new stamp, and today's formats, all at 1, keep the stamp indexes already hold.
   */
  static String stamp(int shared, List<Format> formats) {
    StringBuilder stamp = new StringBuilder("chunkers-").append(shared);
    for (Format format : formats) {
      if (format.chunkerVersion() > 1) {
        stamp.append('.').append(format.id()).append('-').append(format.chunkerVersion());
      }
    }
    return stamp.toString();
  }

  static Map<String, Format> indexById(List<Format> formats) {
    Map<String, Format> map = new LinkedHashMap<>();
    for (Format format : formats) {
      if (map.put(format.id(), format) != null) {
        throw new IllegalStateException("format ids must be unique in the registry, got twice: " + format.id());
      }
    }
    return Collections.unmodifiableMap(map);
  }

  static Map<String, Format> indexByExtension(List<Format> formats) {
    Map<String, Format> map = new LinkedHashMap<>();
    for (Format format : formats) {
      for (String ext : format.allExtensions()) {
        Format other = map.put(ext, format);
        if (other != null) {
          throw new IllegalStateException("an extension must route to one format, got " + ext + " for both "
              + other.id() + " and " + format.id());
        }
      }
    }
    return Collections.unmodifiableMap(map);
  }
}
