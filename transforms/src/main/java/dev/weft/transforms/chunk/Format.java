package dev.weft.transforms.chunk;

import dev.weft.context.Kind;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * One source format the ingest core knows: everything routing, chunking, the ingest stamp and the help text need
 * about it, in one entry of {@link Formats}.
 *
 * @param id lower-case format id, stored with every item ({@code java}, {@code markdown}, ...)
 * @param kind the ranking kind its items go to
 * @param extensions the extensions routed to it (lower case, leading dot), indexed by default when
 *     {@code defaultOn}
 * @param optInExtensions further extensions of the same grammar, indexed only when named in {@code --extensions}
 * @param defaultOn whether {@code extensions} are indexed when the user names none
 * @param chunker makes its chunker (called once; chunkers are stateless and shared)
 * @param chunkerVersion version of this format's own chunk boundaries, from 1: bump it whenever its chunker's
 *     boundaries, node types or symbols change, so the next incremental run re-chunks
 */
public record Format(
    String id,
    Kind kind,
    List<String> extensions,
    List<String> optInExtensions,
    boolean defaultOn,
    Supplier<? extends Chunker> chunker,
    int chunkerVersion) {
  public Format {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(chunker, "chunker");
    if (!id.matches("[a-z][a-z0-9_-]*")) {
      throw new IllegalArgumentException("format id must be lower-case letters, digits, '-' or '_', got: " + id);
    }
    extensions = List.copyOf(extensions);
    optInExtensions = List.copyOf(optInExtensions);
    for (String ext : concat(extensions, optInExtensions)) {
      if (!ext.equals(ext.toLowerCase(Locale.ROOT)) || !ext.matches("\\.[^./\\\\]+")) {
        throw new IllegalArgumentException("format " + id + ": extensions must be lower case with one leading dot, "
            + "got: " + ext);
      }
    }
    if (chunkerVersion < 1) {
      throw new IllegalArgumentException("format " + id + ": chunker version must be at least 1, got: "
          + chunkerVersion);
    }
  }

  /** A format whose extensions are all indexed by default and which has no opt-in extension. */
  public static Format of(String id, Kind kind, List<String> extensions, Supplier<? extends Chunker> chunker,
      int chunkerVersion) {
    return new Format(id, kind, extensions, List.of(), true, chunker, chunkerVersion);
  }

  /** Every extension routed to this format: the default ones, then the opt-in ones. */
  public List<String> allExtensions() {
    return concat(extensions, optInExtensions);
  }

  private static List<String> concat(List<String> a, List<String> b) {
    return Stream.concat(a.stream(), b.stream()).toList();
  }
}
