package dev.weft.context.program;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A MapCall is Serializable, as its interface says, with or without an output schema. */
class MapCallTest {
  private static MapCall roundTrip(MapCall call) throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(call);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (MapCall) in.readObject();
    }
  }

  @Test
  void survivesJavaSerializationWithAndWithoutASchema() throws Exception {
    MapCall plain = new MapCall("notes#line:40/3", "summarise", "text", Optional.empty());
    MapCall structured = new MapCall("r1", "classify", "text",
        Optional.of(new ObjectMapper().readTree("{\"type\":\"object\"}")));

    assertThat(roundTrip(plain)).isEqualTo(plain);
    assertThat(roundTrip(structured)).isEqualTo(structured);
  }
}
