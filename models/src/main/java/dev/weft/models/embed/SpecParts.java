package dev.weft.models.embed;

/** Pieces every {@link EmbedderProvider} reads the same way in a spec string. */
public final class SpecParts {
  private SpecParts() {}

  /**
   * The vector length in a spec, e.g. the {@code 256} of {@code hash:256}.
   *
   * @throws IllegalArgumentException unless it is a whole number of at least 1, naming it
   */
  public static int dims(String dims) {
    int parsed;
    try {
      parsed = Integer.parseInt(dims.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("dims must be a whole number, got: '" + dims + "'");
    }
    if (parsed < 1) {
      throw new IllegalArgumentException("dims must be at least 1, got: " + parsed);
    }
    return parsed;
  }
}
