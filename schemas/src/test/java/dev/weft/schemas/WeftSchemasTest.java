package dev.weft.schemas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

class WeftSchemasTest {
  @Test
  void chunkSchemaHasEveryFieldInOrder() {
    Schema schema = WeftSchemas.chunk();
    assertThat(schema.getFullName()).isEqualTo("dev.weft.schemas.Chunk");
    assertThat(schema.getFields()).extracting(Schema.Field::name).containsExactlyElementsOf(ChunkFields.ALL);
  }

  @Test
  void requiredAndOptionalFieldsAreTyped() {
    Schema schema = WeftSchemas.chunk();
    for (String required : List.of(ChunkFields.ID, ChunkFields.PATH, ChunkFields.KIND, ChunkFields.FORMAT,
        ChunkFields.NODE_TYPE, ChunkFields.TEXT, ChunkFields.CONTENT_HASH)) {
      assertThat(schema.getField(required).schema().getType()).as(required).isEqualTo(Schema.Type.STRING);
    }
    assertThat(schema.getField(ChunkFields.START_LINE).schema().getType()).isEqualTo(Schema.Type.INT);
    assertThat(schema.getField(ChunkFields.END_LINE).schema().getType()).isEqualTo(Schema.Type.INT);
    for (String optional : List.of(ChunkFields.SYMBOL, ChunkFields.CHUNK_TEXT_HASH, ChunkFields.EMBEDDER_MODEL,
        ChunkFields.EMBEDDER_DIMS, ChunkFields.VECTOR)) {
      Schema.Field field = schema.getField(optional);
      assertThat(field.schema().isNullable()).as(optional).isTrue();
      // null first with a null default: old readers of a newer file and new readers of an older one agree
      assertThat(field.schema().getTypes().get(0).getType()).as(optional).isEqualTo(Schema.Type.NULL);
      assertThat(field.hasDefaultValue()).as(optional).isTrue();
    }
    Schema vector = schema.getField(ChunkFields.VECTOR).schema().getTypes().get(1);
    assertThat(vector.getType()).isEqualTo(Schema.Type.ARRAY);
    assertThat(vector.getElementType().getType()).isEqualTo(Schema.Type.FLOAT);
  }

  @Test
  void aMissingResourceIsNamed() {
    assertThatThrownBy(() -> WeftSchemas.load("/dev/weft/schemas/Nope.avsc"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("/dev/weft/schemas/Nope.avsc");
  }
}
