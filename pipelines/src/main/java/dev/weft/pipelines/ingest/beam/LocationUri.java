package dev.weft.pipelines.ingest.beam;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;

/**
 * How a location option typed {@code java.net.URI} is parsed ({@code @JsonDeserialize(using =
 * LocationUri.Parse.class)}, with {@code @JsonSerialize(using = ToStringSerializer.class)} as Beam requires both): a
 * value with a scheme is a URI and must be a valid one ({@code file:///data/x}, {@code gs://bucket/x}); a value
 * without one is a local path ({@code /data/x}, {@code corpus}, {@code /data/my corpus}) and becomes its absolute
 * {@code file:} URI on the driver, so a path with a space stays accepted and every worker gets the same absolute
 * location. Jackson's own URI parse would refuse the space and keep a relative path relative.
 */
public final class LocationUri {
  private LocationUri() {}

  /** The parse; its failure reaches the user through Beam's "Unable to parse JSON value", named by OptionArgs. */
  public static final class Parse extends JsonDeserializer<URI> {
    @Override
    public URI deserialize(JsonParser parser, DeserializationContext context) throws IOException {
      return of(parser.getValueAsString());
    }
  }

  /**
   * {@code value} as a location URI.
   *
   * @throws IllegalArgumentException naming the value when it has a scheme but is not a URI
   */
  public static URI of(String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    if (!hasScheme(value)) {
      return Path.of(value).toAbsolutePath().normalize().toUri();
    }
    try {
      return new URI(value);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("not a URI (percent-encode a space as %20, or give a plain path): "
          + e.getMessage(), e);
    }
  }

  /**
   * The text Beam reads a location option from: the URI, or the decoded path of one without a scheme (a value set
   * in code rather than parsed here).
   */
  public static String text(URI value) {
    return value.getScheme() == null ? value.getPath() : value.toString();
  }

  private static boolean hasScheme(String value) {
    int colon = value.indexOf(':');
    // a Windows drive letter (C:\) is a path, not a scheme; a scheme is a letter then letters, digits, + - .
    return colon > 1 && value.substring(0, colon).matches("[A-Za-z][A-Za-z0-9+.-]*");
  }
}
