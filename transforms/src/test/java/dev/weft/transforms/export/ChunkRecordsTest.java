package dev.weft.transforms.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.ChunkTextHash;
import dev.weft.context.ChunkVectors;
import dev.weft.context.ContentHash;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.schemas.ChunkFields;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;
import org.junit.jupiter.api.Test;

class ChunkRecordsTest {
  @Test
  void everyRowSurvivesTheConversionBothWays() {
    for (ChunkRow row : ExportFixtures.mixedRows()) {
      assertThat(ChunkRecords.fromRecord(ChunkRecords.toRecord(row))).isEqualTo(row);
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void aRecordHoldsEveryFieldUnderTheSchemaNames() {
    ChunkRow row = ExportFixtures.mixedRows().get(0);
    GenericRecord record = ChunkRecords.toRecord(row);
    assertThat(record.getSchema()).isEqualTo(ChunkRecords.schema());
    assertThat(record.get(ChunkFields.ID)).isEqualTo("src/A.java#0");
    assertThat(record.get(ChunkFields.KIND)).isEqualTo("code");
    assertThat(record.get(ChunkFields.SYMBOL)).isEqualTo("parse");
    assertThat(record.get(ChunkFields.START_LINE)).isEqualTo(0);
    assertThat(record.get(ChunkFields.END_LINE)).isEqualTo(2);
    assertThat(record.get(ChunkFields.EMBEDDER_MODEL)).isEqualTo("hash-test");
    assertThat(record.get(ChunkFields.EMBEDDER_DIMS)).isEqualTo(4);
    assertThat((List<Object>) record.get(ChunkFields.VECTOR)).containsExactly((Object) 0.25f, -1.5f, 3.0e-7f, Float.MAX_VALUE);
    assertThat(record.get(ChunkFields.CHUNK_TEXT_HASH))
        .isEqualTo(ContentHash.of(row.chunk().text().getBytes(StandardCharsets.UTF_8)));
    assertThat(GenericData.get().validate(ChunkRecords.schema(), record)).isTrue();
  }

  @Test
  void aRowWithoutVectorLeavesTheEmbeddingFieldsNull() {
    GenericRecord record = ChunkRecords.toRecord(ExportFixtures.mixedRows().get(2));
    assertThat(record.get(ChunkFields.SYMBOL)).isNull();
    assertThat(record.get(ChunkFields.EMBEDDER_MODEL)).isNull();
    assertThat(record.get(ChunkFields.EMBEDDER_DIMS)).isNull();
    assertThat(record.get(ChunkFields.VECTOR)).isNull();
    assertThat(GenericData.get().validate(ChunkRecords.schema(), record)).isTrue();
  }

  @Test
  void readsUtf8StringsAsReadersReturnThem() {
    GenericRecord record = ChunkRecords.toRecord(ExportFixtures.mixedRows().get(2));
    for (String field : List.of(ChunkFields.ID, ChunkFields.PATH, ChunkFields.KIND, ChunkFields.FORMAT,
        ChunkFields.NODE_TYPE, ChunkFields.TEXT, ChunkFields.CONTENT_HASH)) {
      record.put(field, new Utf8(record.get(field).toString()));
    }
    assertThat(ChunkRecords.fromRecord(record)).isEqualTo(ExportFixtures.mixedRows().get(2));
  }

  @Test
  void refusesARecordOfAnotherSchema() {
    Schema other = Schema.createRecord("Other", null, "x", false, List.of());
    assertThatThrownBy(() -> ChunkRecords.fromRecord(new GenericData.Record(other)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("dev.weft.schemas.Chunk").hasMessageContaining("x.Other");
  }

  @Test
  void refusesANullRequiredField() {
    GenericRecord record = ChunkRecords.toRecord(ExportFixtures.mixedRows().get(2));
    record.put(ChunkFields.TEXT, null);
    assertThatThrownBy(() -> ChunkRecords.fromRecord(record))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("text must not be null").hasMessageContaining("docs/guide.md#0");
  }

  @Test
  void refusesAVectorWithoutIdentity() {
    GenericRecord record = ChunkRecords.toRecord(ExportFixtures.mixedRows().get(0));
    record.put(ChunkFields.EMBEDDER_MODEL, null);
    assertThatThrownBy(() -> ChunkRecords.fromRecord(record))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("embedderModel and embedderDims");
  }

  @Test
  void aRowRefusesAVectorOfTheWrongLengthOrAHalfEmbedding() {
    var chunk = ExportFixtures.mixedRows().get(0).chunk();
    assertThatThrownBy(() -> new ChunkRow(chunk, new EmbedderIdentity("m", 3), new float[2]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("vector length must equal the embedder's dims 3, got: 2 for src/A.java#0");
    assertThatThrownBy(() -> new ChunkRow(chunk, null, new float[2]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("both an embedder identity and a vector or neither");
    assertThatThrownBy(() -> ChunkRow.allOf(List.of(chunk, chunk),
            ChunkVectors.of(ExportFixtures.IDENTITY, List.of(new float[] {1, 2, 3, 4}))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("every chunk needs one vector entry, got: 1 entries for 2 chunks");
  }

  @Test
  void rowsOfAFileTakeTheirVectorsInOrderAndNoneWhereAnEntryIsNull() {
    var first = ExportFixtures.mixedRows().get(0).chunk();
    var second = ExportFixtures.mixedRows().get(1).chunk();
    float[] vector = {1, 2, 3, 4};
    List<float[]> entries = new ArrayList<>();
    entries.add(vector);
    entries.add(null);
    assertThat(ChunkRow.allOf(List.of(first, second), ChunkVectors.of(ExportFixtures.IDENTITY, entries)))
        .containsExactly(new ChunkRow(first, ExportFixtures.IDENTITY, vector), ChunkRow.of(second));
    assertThat(ChunkRow.allOf(List.of(first, second), ChunkVectors.none()))
        .containsExactly(ChunkRow.of(first), ChunkRow.of(second));
  }

  @Test
  void chunkTextHashIsTheIndexTextHash() {
    // the same key the index stores for vector reuse, so a dataset joins with it
    for (ChunkRow row : ExportFixtures.mixedRows()) {
      assertThat(ChunkRecords.chunkTextHash(row.chunk().text())).isEqualTo(ChunkTextHash.of(row.chunk().text()));
    }
  }

  @Test
  void aRowIsImmutableAndComparesVectorsByValue() {
    var chunk = ExportFixtures.mixedRows().get(0).chunk();
    float[] vector = {1, 2, 3, 4};
    ChunkRow row = new ChunkRow(chunk, ExportFixtures.IDENTITY, vector);
    vector[0] = 9;
    row.vector()[1] = 9;
    assertThat(row).isEqualTo(new ChunkRow(chunk, ExportFixtures.IDENTITY, new float[] {1, 2, 3, 4}));
    assertThat(row.hashCode())
        .isEqualTo(new ChunkRow(chunk, ExportFixtures.IDENTITY, new float[] {1, 2, 3, 4}).hashCode());
  }
}
