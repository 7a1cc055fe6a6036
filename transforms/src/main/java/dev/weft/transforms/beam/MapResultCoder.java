package dev.weft.transforms.beam;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.transforms.program.MapResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;

/** Encodes a {@link MapResult} as its address and its value's JSON text. */
public final class MapResultCoder extends AtomicCoder<MapResult> {
  private static final MapResultCoder INSTANCE = new MapResultCoder();
  private static final StringUtf8Coder STRING = StringUtf8Coder.of();
  private static final ObjectMapper JSON = new ObjectMapper();

  private MapResultCoder() {}

  public static MapResultCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(MapResult result, OutputStream out) throws IOException {
    STRING.encode(result.address(), out);
    STRING.encode(JSON.writeValueAsString(result.value()), out);
  }

  @Override
  public MapResult decode(InputStream in) throws IOException {
    String address = STRING.decode(in);
    return new MapResult(address, JSON.readTree(STRING.decode(in)));
  }
}
