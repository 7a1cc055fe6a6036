package dev.weft.pipelines.ingest.beam;

import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;

/**
 * Beam's option parse with failures that name the option: a typed option ({@code java.net.URI}) whose value
 * Jackson cannot parse fails with Beam's "Unable to parse JSON value ...", which names only the value.
 */
public final class OptionArgs {
  private OptionArgs() {}

  /**
   * {@code args} parsed and validated as {@code type}.
   *
   * @throws IllegalArgumentException one line naming the option whose value is refused
   */
  public static <T extends PipelineOptions> T parse(String[] args, Class<T> type) {
    try {
      return PipelineOptionsFactory.fromArgs(args).withValidation().as(type);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(naming(e.getMessage(), args), e);
    }
  }

  /**
   * Beam's parse failure with the option it is about in front when Beam names only the value ("Unable to parse
   * JSON value file:///a b" for a URI option), on one line.
   */
  public static String naming(String message, String[] args) {
    String line = message == null ? "" : message.strip().replaceAll("\\s*\\R\\s*", " ");
    for (String arg : args) {
      int eq = arg.indexOf('=');
      if (eq > 2 && eq < arg.length() - 1 && line.contains(arg.substring(eq + 1))
          && !line.contains(arg.substring(2, eq))) {
        return arg.substring(0, eq) + ": " + line;
      }
    }
    return line;
  }
}
