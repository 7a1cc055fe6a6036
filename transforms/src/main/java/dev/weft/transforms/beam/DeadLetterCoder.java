package dev.weft.transforms.beam;

import dev.weft.context.DeadLetter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.CustomCoder;
import org.apache.beam.sdk.coders.NullableCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;

/** A dead letter between pipeline steps: its four strings, not Java serialization. */
public final class DeadLetterCoder extends CustomCoder<DeadLetter> {
  private static final DeadLetterCoder INSTANCE = new DeadLetterCoder();
  private static final NullableCoder<String> STRING = NullableCoder.of(StringUtf8Coder.of());

  private DeadLetterCoder() {}

  public static DeadLetterCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(DeadLetter value, OutputStream out) throws IOException {
    STRING.encode(value.path(), out);
    STRING.encode(value.stage(), out);
    STRING.encode(value.reason(), out);
    STRING.encode(value.detail(), out);
  }

  @Override
  public DeadLetter decode(InputStream in) throws IOException {
    return new DeadLetter(STRING.decode(in), STRING.decode(in), STRING.decode(in), STRING.decode(in));
  }

  @Override
  public void verifyDeterministic() {
    // four strings in a fixed order
  }
}
