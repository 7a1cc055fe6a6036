package dev.weft.transforms.export;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkIds;
import dev.weft.context.ContentHash;
import dev.weft.context.Kind;
import dev.weft.context.embed.EmbedderIdentity;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Chunk rows with and without vectors, nulls, and text that is not ASCII. */
public final class ExportFixtures {
  static final EmbedderIdentity IDENTITY = new EmbedderIdentity("hash-test", 4);

  private ExportFixtures() {}

  static Chunk chunk(String path, int ordinal, Kind kind, String format, String symbol, String text) {
    String hash = ContentHash.of(("file " + path).getBytes(StandardCharsets.UTF_8));
    int lines = (int) text.lines().count();
    return new Chunk(ChunkIds.of(path, ordinal), path, kind, format, symbol, symbol == null ? "paragraphs" : "method",
        ordinal * 10, ordinal * 10 + Math.max(0, lines - 1), text, hash);
  }

  /** Two code chunks with vectors, two doc chunks without (one anonymous, one with non-ASCII text). */
  public static List<ChunkRow> mixedRows() {
    List<ChunkRow> rows = new ArrayList<>();
    rows.add(new ChunkRow(chunk("src/A.java", 0, Kind.CODE, "java", "parse", "int parse(String s) {\n  return 1;\n}"),
        IDENTITY, new float[] {0.25f, -1.5f, 3.0e-7f, Float.MAX_VALUE}));
    rows.add(new ChunkRow(chunk("src/A.java", 1, Kind.CODE, "java", "emit", "void emit() {}"),
        IDENTITY, new float[] {0f, -0f, 1f, -1f}));
    rows.add(ChunkRow.of(chunk("docs/guide.md", 0, Kind.DOC, "markdown", null, "Grüße, 世界 — déjà vu\n\nline two")));
    rows.add(ChunkRow.of(chunk("docs/empty-ish.txt", 0, Kind.DOC, "text", null, " ")));
    return rows;
  }

  /** {@code count} rows of one file, every other one with a vector. */
  public static List<ChunkRow> manyRows(int count) {
    List<ChunkRow> rows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Chunk chunk = chunk("src/Many.java", i, Kind.CODE, "java", "m" + i, "void m" + i + "() { return; }");
      rows.add(i % 2 == 0 ? ChunkRow.of(chunk) : new ChunkRow(chunk, IDENTITY, new float[] {i, i + 1, i + 2, i + 3}));
    }
    return rows;
  }
}
