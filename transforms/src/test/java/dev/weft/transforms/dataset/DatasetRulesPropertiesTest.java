package dev.weft.transforms.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;

/** One set of rules: any record judged from a JSONL line and from an Avro datum comes out the same. */
class DatasetRulesPropertiesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Schema SCHEMA = SchemaBuilder.record("Doc").fields()
      .name("_id").type().unionOf().nullType().and().stringType().and().longType().endUnion().nullDefault()
      .optionalString("title").optionalString("text").endRecord();

  @Property(tries = 60)
  void jsonlAndAvroGiveTheSameOutcome(@ForAll("ids") Object id, @ForAll("texts") String title,
      @ForAll("texts") String text) throws IOException {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("_id", id);
    fields.put("title", title);
    fields.put("text", text);
    Path dir = Files.createTempDirectory("dataset-rules");
    try {
      Path jsonl = Files.writeString(dir.resolve("d.jsonl"), JSON.writeValueAsString(fields) + "\n");
      Path avro = DatasetFiles.write(dir.resolve("d.avro"), SCHEMA,
          DatasetFiles.record(SCHEMA, "_id", id, "title", title, "text", text));

      List<RecordOutcome> fromJsonl = DatasetFiles.read(jsonl);
      List<RecordOutcome> fromAvro = DatasetFiles.read(avro);

      assertThat(fromJsonl).hasSize(1);
      assertThat(fromAvro).hasSize(1);
      if (fromJsonl.get(0) instanceof RecordOutcome.Invalid fromLine) {
        RecordOutcome.Invalid fromRecord = (RecordOutcome.Invalid) fromAvro.get(0);
        assertThat(fromLine.deadLetter().path()).isEqualTo("line 1");
        assertThat(fromRecord.deadLetter().path()).isEqualTo("record 1");
        assertThat(comparable(fromRecord.deadLetter().detail())).isEqualTo(comparable(fromLine.deadLetter().detail()));
      } else {
        assertThat(fromAvro.get(0)).isEqualTo(fromJsonl.get(0));
      }
    } finally {
      for (String name : List.of("d.jsonl", "d.avro")) {
        Files.deleteIfExists(dir.resolve(name));
      }
      Files.delete(dir);
    }
  }

  /** The id rule shows the whole record as its format prints it; every other rule's message is the same text. */
  private static String comparable(String detail) {
    return detail.startsWith("each record must have") ? detail.substring(0, detail.indexOf("got: ")) : detail;
  }

  @Provide
  Arbitrary<Object> ids() {
    return Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(6).withChars("ab #\t").map(s -> (Object) s),
        Arbitraries.longs().map(n -> (Object) n),
        Arbitraries.just(null));
  }

  @Provide
  Arbitrary<String> texts() {
    return Arbitraries.strings().ofMaxLength(8).withChars("xy \n\u00e9").injectNull(0.3);
  }
}
