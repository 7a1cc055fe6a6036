package dev.weft.k8s;

/**
 * The versions the parent pom sets, as Maven resolved them (surefire passes them as system properties): the
 * project's (the image tag), {@code flink.version} (the Flink minor, {@code 1.19}) and {@code beam.version}.
 */
record PomVersions(String weft, String flink, String beam) {
  PomVersions {
    requireResolved("weft.version", weft);
    requireResolved("weft.flink.version", flink);
    requireResolved("weft.beam.version", beam);
  }

  static PomVersions fromSystemProperties() {
    return new PomVersions(System.getProperty("weft.version"), System.getProperty("weft.flink.version"),
        System.getProperty("weft.beam.version"));
  }

  /** The image every manifest runs. */
  String image() {
    return "weft:" + weft;
  }

  /** The official Flink image the Dockerfile builds on. */
  String flinkBaseImage() {
    return "flink:" + flink + "-java17";
  }

  /** The operator's name for the Flink version ({@code v1_19}). */
  String operatorFlinkVersion() {
    return "v" + flink.replace('.', '_');
  }

  private static void requireResolved(String name, String value) {
    if (value == null || value.isBlank() || value.contains("${")) {
      throw new IllegalArgumentException(name + " must be set to the pom's version (surefire's "
          + "systemPropertyVariables in k8s/pom.xml; run the test through Maven), got: " + value);
    }
  }
}
