package dev.weft.transforms.export;

import dev.weft.context.Chunk;
import dev.weft.context.ChunkTextHash;
import dev.weft.context.ItemMetadata;
import dev.weft.context.Kind;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.schemas.ChunkFields;
import dev.weft.schemas.WeftSchemas;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * The one conversion between {@link ChunkRow} and a {@code dev.weft.schemas.Chunk} Avro record, used by the
 * Parquet and Avro writers, the Beam sink and the readers alike, so every path writes the same rows.
 *
 * <p>{@code chunkTextHash} is always written, as {@link ChunkTextHash} (SHA-256, hex) of the chunk text's UTF-8
 * bytes, the key vectors are reused by; it is derived from {@code text}, so reading a record back does not need it.
 */
public final class ChunkRecords {
  private static final Schema SCHEMA = WeftSchemas.chunk();
  private static final Schema VECTOR_SCHEMA = SCHEMA.getField(ChunkFields.VECTOR).schema().getTypes().stream()
      .filter(s -> s.getType() == Schema.Type.ARRAY)
      .findFirst()
      .orElseThrow(() -> new IllegalStateException("Chunk.avsc must declare vector as a nullable float array"));

  private ChunkRecords() {}

  /** {@code dev.weft.schemas.Chunk}. */
  public static Schema schema() {
    return SCHEMA;
  }

  /** The record of a chunk without a vector. */
  public static GenericRecord toRecord(Chunk chunk) {
    return toRecord(ChunkRow.of(chunk));
  }

  public static GenericRecord toRecord(ChunkRow row) {
    Chunk chunk = row.chunk();
    GenericData.Record record = new GenericData.Record(SCHEMA);
    record.put(ChunkFields.ID, chunk.id());
    record.put(ChunkFields.PATH, chunk.path());
    record.put(ChunkFields.KIND, chunk.kind().id());
    record.put(ChunkFields.FORMAT, chunk.format());
    record.put(ChunkFields.SYMBOL, chunk.symbol());
    record.put(ChunkFields.NODE_TYPE, chunk.nodeType());
    record.put(ChunkFields.START_LINE, chunk.startLine());
    record.put(ChunkFields.END_LINE, chunk.endLine());
    record.put(ChunkFields.TEXT, chunk.text());
    record.put(ChunkFields.CONTENT_HASH, chunk.contentHash());
    record.put(ChunkFields.CHUNK_TEXT_HASH, chunkTextHash(chunk.text()));
    if (row.hasVector()) {
      float[] vector = row.vector();
      GenericData.Array<Float> values = new GenericData.Array<>(vector.length, VECTOR_SCHEMA);
      for (float value : vector) {
        values.add(value);
      }
      record.put(ChunkFields.EMBEDDER_MODEL, row.identity().model());
      record.put(ChunkFields.EMBEDDER_DIMS, row.identity().dims());
      record.put(ChunkFields.VECTOR, values);
    }
    // values keep their Java types, which pick the union branch (string, long, double, boolean)
    record.put(ChunkFields.META, new LinkedHashMap<>(row.meta().values()));
    return record;
  }

  /**
   * The row a record holds. Accepts what any Avro reader returns: {@code Utf8} or {@code String} for strings,
   * any {@code List<Float>} for the vector.
   *
   * @throws IllegalArgumentException when the record is not a {@code dev.weft.schemas.Chunk}, a required
   *     field is null, or the vector disagrees with {@code embedderDims}
   */
  public static ChunkRow fromRecord(GenericRecord record) {
    if (!SCHEMA.getFullName().equals(record.getSchema().getFullName())) {
      throw new IllegalArgumentException("record must be a " + SCHEMA.getFullName() + ", got: "
          + record.getSchema().getFullName());
    }
    String id = required(record, ChunkFields.ID);
    Chunk chunk = new Chunk(id, required(record, ChunkFields.PATH), Kind.parse(required(record, ChunkFields.KIND)),
        required(record, ChunkFields.FORMAT), optional(record, ChunkFields.SYMBOL),
        required(record, ChunkFields.NODE_TYPE), number(record, ChunkFields.START_LINE, id),
        number(record, ChunkFields.END_LINE, id), required(record, ChunkFields.TEXT),
        required(record, ChunkFields.CONTENT_HASH));
    ItemMetadata meta = meta(record);
    Object vector = record.get(ChunkFields.VECTOR);
    if (vector == null) {
      return ChunkRow.of(chunk).withMeta(meta);
    }
    List<?> values = (List<?>) vector;
    float[] floats = new float[values.size()];
    for (int i = 0; i < floats.length; i++) {
      floats[i] = ((Number) values.get(i)).floatValue();
    }
    String model = optional(record, ChunkFields.EMBEDDER_MODEL);
    Object dims = record.get(ChunkFields.EMBEDDER_DIMS);
    if (model == null || dims == null) {
      throw new IllegalArgumentException("a record with a vector must name embedderModel and embedderDims, got: "
          + model + "/" + dims + " for " + id);
    }
    return new ChunkRow(chunk, new EmbedderIdentity(model, ((Number) dims).intValue()), floats, meta);
  }

  /** The {@code meta} map as read: keys and strings may be {@code Utf8}; a file without the column reads empty. */
  private static ItemMetadata meta(GenericRecord record) {
    Object value = record.hasField(ChunkFields.META) ? record.get(ChunkFields.META) : null;
    if (!(value instanceof Map<?, ?> map) || map.isEmpty()) {
      return ItemMetadata.none();
    }
    Map<String, Object> values = new TreeMap<>();
    map.forEach((name, v) -> values.put(name.toString(), v instanceof CharSequence text ? text.toString() : v));
    return ItemMetadata.of(values);
  }

  /** Records of many rows, in order. */
  public static List<GenericRecord> toRecords(List<ChunkRow> rows) {
    List<GenericRecord> records = new ArrayList<>(rows.size());
    for (ChunkRow row : rows) {
      records.add(toRecord(row));
    }
    return records;
  }

  /** SHA-256 (lower-case hex) of the text's UTF-8 bytes: what {@code chunkTextHash} holds. */
  public static String chunkTextHash(String text) {
    return ChunkTextHash.of(text);
  }

  private static String required(GenericRecord record, String field) {
    Object value = record.get(field);
    if (value == null) {
      throw new IllegalArgumentException("chunk record field " + field + " must not be null, got: null in "
          + record.get(ChunkFields.ID));
    }
    return value.toString();
  }

  private static String optional(GenericRecord record, String field) {
    Object value = record.get(field);
    return value == null ? null : value.toString();
  }

  private static int number(GenericRecord record, String field, String id) {
    Object value = record.get(field);
    if (!(value instanceof Number n)) {
      throw new IllegalArgumentException("chunk record field " + field + " must be an int, got: " + value
          + " in " + id);
    }
    return n.intValue();
  }
}
