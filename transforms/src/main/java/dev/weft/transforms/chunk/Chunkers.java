package dev.weft.transforms.chunk;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The chunking strategy for each format of the {@link Formats} registry, and the stamp that names the chunking
 * code's version.
 *
 * <p>Chunkers are stateless and thread-safe, so one shared instance per format serves every thread and
 * both executors (in-process and Beam), and the program environment's {@code chunk} step.
 */
public final class Chunkers {
  /**
   * Version of the chunk boundaries every chunker here produces, built from the registry's versions. It is one
   * half of the ingest stamp stored with each item; the other, the index's analysis version, is added where ingest
   * is assembled ({@code pipelines}' {@code IngestStamp}), since this module's core does not know the index.
   */
  public static final String STAMP = Formats.STAMP;

  private static final Map<String, Chunker> BY_FORMAT = instances();
  private static final Chunker PARAGRAPHS = BY_FORMAT.get(Formats.TEXT);

  private Chunkers() {}

  /**
   * The chunker for {@code format} (a registry id, any case); the paragraph packer for {@code text} and every
   * format the registry does not know.
   */
  public static Chunker forFormat(String format) {
    Objects.requireNonNull(format, "format");
    return BY_FORMAT.getOrDefault(format.toLowerCase(Locale.ROOT), PARAGRAPHS);
  }

  private static Map<String, Chunker> instances() {
    Map<String, Chunker> chunkers = new LinkedHashMap<>();
    for (Format format : Formats.all()) {
      chunkers.put(format.id(), format.chunker().get());
    }
    return Map.copyOf(chunkers);
  }
}
