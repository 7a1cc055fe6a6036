package dev.weft.transforms.beam;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.program.MapCall;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Optional;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;

/**
 * Encodes a {@link MapCall} as four strings (the output schema as JSON text, empty when there is none): Java
 * serialization cannot carry the record's {@code Optional}, and strings are smaller anyway.
 */
public final class MapCallCoder extends AtomicCoder<MapCall> {
  private static final MapCallCoder INSTANCE = new MapCallCoder();
  private static final StringUtf8Coder STRING = StringUtf8Coder.of();
  private static final ObjectMapper JSON = new ObjectMapper();

  private MapCallCoder() {}

  public static MapCallCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(MapCall call, OutputStream out) throws IOException {
    STRING.encode(call.address(), out);
    STRING.encode(call.instruction(), out);
    STRING.encode(call.piece(), out);
    STRING.encode(call.outputSchema().map(JsonNode::toString).orElse(""), out);
  }

  @Override
  public MapCall decode(InputStream in) throws IOException {
    String address = STRING.decode(in);
    String instruction = STRING.decode(in);
    String piece = STRING.decode(in);
    String schema = STRING.decode(in);
    return new MapCall(address, instruction, piece,
        schema.isEmpty() ? Optional.empty() : Optional.of(JSON.readTree(schema)));
  }

  @Override
  public void verifyDeterministic() {
    // four strings in a fixed order; the schema is the compiled program's own text, written the same each time
  }
}
