package dev.weft.context.fusion;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The fusion rules a hybrid recall can choose ({@code --fusion}), by their ids. */
public enum FusionRule {
  MINMAX("minmax", new MinMaxFusion()),
  ZSCORE("zscore", new ZScoreFusion()),
  RRF("rrf", new ReciprocalRankFusion());

  /** The default's id, a constant for option annotations. */
  public static final String DEFAULT_ID = "minmax";
  /** Chosen by measurement on every labelled set and level (docs/quality.md, "Fusion"). */
  public static final FusionRule DEFAULT = parse(DEFAULT_ID);

  private final String id;
  private final Fusion fusion;

  FusionRule(String id, Fusion fusion) {
    this.id = id;
    this.fusion = fusion;
  }

  public String id() {
    return id;
  }

  public Fusion fusion() {
    return fusion;
  }

  /** The rule named {@code value} (case-insensitive, blanks ignored). */
  public static FusionRule parse(String value) {
    String wanted = value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
    return Arrays.stream(values()).filter(rule -> rule.id.equals(wanted)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("fusion must be one of " + ids() + ", got: " + value));
  }

  /** The ids, comma-separated, for messages and help. */
  public static String ids() {
    return Arrays.stream(values()).map(FusionRule::id).collect(Collectors.joining(", "));
  }
}
