package dev.weft.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds every place in k8s/ where a version is written that the pom decides, and says which differ: the image
 * ({@code weft:<project version>}) wherever an {@code image} field or a {@code weft:} tag appears, the Flink
 * version ({@code flinkVersion: v1_19}, {@code FROM flink:1.19-java17}, labels) and the Beam version (labels).
 * Each finding is one line naming the file, the place, what it says and what the pom says.
 */
final class VersionCheck {
  static final String FLINK_LABEL = "weft.dev/flink-version";
  static final String BEAM_LABEL = "weft.dev/beam-version";
  /** The kinds that run Weft's jar on Flink: they say which Flink and Beam they were written for. */
  private static final Set<String> RUNS_WEFT = Set.of("FlinkDeployment", "FlinkSessionJob", "CronJob");
  private static final Pattern WEFT_IMAGE = Pattern.compile("\\bweft:(\\d[\\w.-]*)");
  private static final Pattern FLINK_IMAGE = Pattern.compile("\\bflink:(\\d[\\w.]*-java\\d+)");
  private static final Pattern FROM = Pattern.compile("(?m)^FROM\\s+(\\S+)");
  /** A base pinned by digest: written in ({@code @sha256:} and 64 hex digits) or a build argument ({@code @${NAME}}). */
  private static final Pattern PINNED = Pattern.compile("@(sha256:[0-9a-f]{64}|\\$\\{\\w+})$");
  private static final Pattern LABEL_VALUE = Pattern.compile("([\\w./-]+)=\"([^\"]*)\"");

  private VersionCheck() {}

  /** The version mismatches of one manifest. */
  static List<String> manifest(String file, JsonNode manifest, PomVersions pom) {
    List<String> found = new ArrayList<>();
    images(manifest, "", file, pom, found);
    String kind = manifest.path("kind").asText();
    if (kind.equals("FlinkDeployment")) {
      expect(found, file, "/spec/flinkVersion", manifest.path("spec").path("flinkVersion").asText(null),
          pom.operatorFlinkVersion());
    }
    JsonNode labels = manifest.path("metadata").path("labels");
    if (RUNS_WEFT.contains(kind) || labels.has(FLINK_LABEL)) {
      expect(found, file, "label " + FLINK_LABEL, labels.path(FLINK_LABEL).asText(null), pom.flink());
    }
    if (RUNS_WEFT.contains(kind) || labels.has(BEAM_LABEL)) {
      expect(found, file, "label " + BEAM_LABEL, labels.path(BEAM_LABEL).asText(null), pom.beam());
    }
    return found;
  }

  /** The version mismatches of the Dockerfile: its base image, its labels, and the tags in its text. */
  static List<String> dockerfile(String file, String text, PomVersions pom) {
    List<String> found = new ArrayList<>(text(file, text, pom));
    Matcher from = FROM.matcher(text);
    List<String> bases = new ArrayList<>();
    while (from.find()) {
      bases.add(from.group(1));
    }
    if (bases.isEmpty()) {
      found.add(file + ": no FROM line");
    } else {
      // the last stage is the image; a build stage before it may be on any base
      expect(found, file, "FROM", withoutDigest(bases.get(bases.size() - 1)), pom.flinkBaseImage());
    }
    for (String base : bases) {
      if (!PINNED.matcher(base).find()) {
        found.add(file + ": FROM " + base + " is not pinned by digest: write it as " + withoutDigest(base)
            + "@sha256:<digest> or @${ARG} with the digest passed as --build-arg");
      }
    }
    Map<String, String> expected = Map.of("org.opencontainers.image.version", pom.weft(),
        "dev.weft.flink-version", pom.flink(), "dev.weft.beam-version", pom.beam());
    Matcher label = LABEL_VALUE.matcher(text);
    List<String> seen = new ArrayList<>();
    while (label.find()) {
      String want = expected.get(label.group(1));
      if (want != null) {
        seen.add(label.group(1));
        expect(found, file, "LABEL " + label.group(1), label.group(2), want);
      }
    }
    expected.keySet().stream().filter(key -> !seen.contains(key)).sorted()
        .forEach(key -> found.add(file + ": LABEL " + key + " is missing, the pom says " + expected.get(key)));
    return found;
  }

  private static String withoutDigest(String base) {
    int at = base.indexOf('@');
    return at < 0 ? base : base.substring(0, at);
  }

  /** Every {@code weft:<version>} and {@code flink:<version>-java<N>} written in a text (a README, a comment). */
  static List<String> text(String file, String text, PomVersions pom) {
    List<String> found = new ArrayList<>();
    Matcher weft = WEFT_IMAGE.matcher(text);
    while (weft.find()) {
      expect(found, file, "image tag", weft.group(), pom.image());
    }
    Matcher flink = FLINK_IMAGE.matcher(text);
    while (flink.find()) {
      expect(found, file, "Flink image", flink.group(), pom.flinkBaseImage());
    }
    return found;
  }

  private static void images(JsonNode node, String path, String file, PomVersions pom, List<String> found) {
    if (node.isObject()) {
      for (Map.Entry<String, JsonNode> field : node.properties()) {
        String at = path + "/" + field.getKey();
        if (field.getKey().equals("image") && field.getValue().isTextual()) {
          expect(found, file, at, field.getValue().asText(), pom.image());
        } else {
          images(field.getValue(), at, file, pom, found);
        }
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        images(node.get(i), path + "/" + i, file, pom, found);
      }
    }
  }

  private static void expect(List<String> found, String file, String where, String actual, String expected) {
    if (!expected.equals(actual)) {
      found.add(file + ": " + where + " is " + (actual == null ? "missing" : "'" + actual + "'")
          + ", the pom says '" + expected + "'");
    }
  }
}
