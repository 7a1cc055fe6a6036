package dev.weft.schemas;

import java.util.List;

/** Field names of {@code Chunk.avsc}, so code never spells them twice; a test holds them to the schema. */
public final class ChunkFields {
  public static final String ID = "id";
  public static final String PATH = "path";
  public static final String KIND = "kind";
  public static final String FORMAT = "format";
  public static final String SYMBOL = "symbol";
  public static final String NODE_TYPE = "nodeType";
  public static final String START_LINE = "startLine";
  public static final String END_LINE = "endLine";
  public static final String TEXT = "text";
  public static final String CONTENT_HASH = "contentHash";
  public static final String CHUNK_TEXT_HASH = "chunkTextHash";
  public static final String EMBEDDER_MODEL = "embedderModel";
  public static final String EMBEDDER_DIMS = "embedderDims";
  public static final String VECTOR = "vector";
  public static final String META = "meta";

  /** Every field, in schema order. */
  public static final List<String> ALL = List.of(
      ID, PATH, KIND, FORMAT, SYMBOL, NODE_TYPE, START_LINE, END_LINE, TEXT, CONTENT_HASH, CHUNK_TEXT_HASH,
      EMBEDDER_MODEL, EMBEDDER_DIMS, VECTOR, META);

  private ChunkFields() {}
}
