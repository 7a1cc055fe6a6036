package dev.weft.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The versions written in k8s/ (manifests, Dockerfile, README) and in the docs that describe it are the pom's: the check runs on every build, so a
 * change of beam.version, flink.version or the project version that leaves k8s/ behind fails it.
 */
class VersionsTest {
  private static final Path K8S = K8sDir.path();
  private static final PomVersions POM = PomVersions.fromSystemProperties();
  private static final PomVersions TEST_POM = new PomVersions("0.1.0-SNAPSHOT", "1.19", "2.70.0");

  @Test
  void theCommittedFilesCarryThePomsVersions() throws IOException {
    List<String> found = new ArrayList<>();
    for (Path file : Yaml.manifests(K8S.resolve("manifests"))) {
      found.addAll(VersionCheck.manifest(file.getFileName().toString(), Yaml.read(file), POM));
    }
    found.addAll(VersionCheck.dockerfile("Dockerfile", Files.readString(K8S.resolve("Dockerfile")), POM));
    found.addAll(VersionCheck.text("README.md", Files.readString(K8S.resolve("README.md")), POM));
    // the docs that describe the deployment name the image and its base too
    for (String doc : List.of("../README.md", "../docs/operations.md", "../docs/install.md")) {
      found.addAll(VersionCheck.text(doc, Files.readString(K8S.resolve(doc)), POM));
    }
    assertThat(found).isEmpty();
  }

  @Test
  void thePomsVersionsReachTheTest() {
    assertThat(POM.flink()).matches("\\d+\\.\\d+");
    assertThat(POM.operatorFlinkVersion()).isEqualTo("v" + POM.flink().replace('.', '_'));
    assertThat(POM.beam()).matches("\\d+\\.\\d+\\.\\d+");
  }

  @Test
  void aFlinkDeploymentForAnotherFlinkOrImageIsReported() {
    ObjectNode manifest = (ObjectNode) manifest("flink-session.yaml");
    ((ObjectNode) manifest.get("spec")).put("flinkVersion", "v1_18").put("image", "weft:0.0.9");

    assertThat(VersionCheck.manifest("flink-session.yaml", manifest, TEST_POM)).containsExactly(
        "flink-session.yaml: /spec/image is 'weft:0.0.9', the pom says 'weft:0.1.0-SNAPSHOT'",
        "flink-session.yaml: /spec/flinkVersion is 'v1_18', the pom says 'v1_19'");
  }

  @Test
  void aContainerImageOrALabelOfAnotherVersionIsReportedWhereItIs() {
    JsonNode manifest = manifest("reindex-cronjob.yaml");
    ((ObjectNode) manifest.at("/spec/jobTemplate/spec/template/spec/containers/0")).put("image", "weft:latest");
    ((ObjectNode) manifest.at("/metadata/labels")).put(VersionCheck.BEAM_LABEL, "2.69.0");
    ((ObjectNode) manifest.at("/metadata/labels")).remove(VersionCheck.FLINK_LABEL);

    assertThat(VersionCheck.manifest("reindex-cronjob.yaml", manifest, TEST_POM)).containsExactly(
        "reindex-cronjob.yaml: /spec/jobTemplate/spec/template/spec/containers/0/image is 'weft:latest', "
            + "the pom says 'weft:0.1.0-SNAPSHOT'",
        "reindex-cronjob.yaml: label weft.dev/flink-version is missing, the pom says '1.19'",
        "reindex-cronjob.yaml: label weft.dev/beam-version is '2.69.0', the pom says '2.70.0'");
  }

  @Test
  void aDockerfileOnAnotherFlinkIsReported() throws IOException {
    String dockerfile = Files.readString(K8S.resolve("Dockerfile"))
        .replace("FROM flink:1.19-java17", "FROM flink:1.18-java17")
        .replace("dev.weft.beam-version=\"2.70.0\"", "dev.weft.beam-version=\"2.71.0\"");

    assertThat(VersionCheck.dockerfile("Dockerfile", dockerfile, TEST_POM)).containsExactly(
        "Dockerfile: Flink image is 'flink:1.18-java17', the pom says 'flink:1.19-java17'",
        "Dockerfile: FROM is 'flink:1.18-java17', the pom says 'flink:1.19-java17'",
        "Dockerfile: LABEL dev.weft.beam-version is '2.71.0', the pom says '2.70.0'");
  }

  @Test
  void aDockerfileWithoutTheVersionLabelsIsReported() {
    assertThat(VersionCheck.dockerfile("Dockerfile", "FROM flink:1.19-java17@${FLINK_DIGEST}\n", TEST_POM))
        .containsExactly(
        "Dockerfile: LABEL dev.weft.beam-version is missing, the pom says 2.70.0",
        "Dockerfile: LABEL dev.weft.flink-version is missing, the pom says 1.19",
        "Dockerfile: LABEL org.opencontainers.image.version is missing, the pom says 0.1.0-SNAPSHOT");
  }

  @Test
  void everyBaseOfTheDockerfileIsPinnedByDigest() throws IOException {
    String dockerfile = Files.readString(K8S.resolve("Dockerfile"));
    assertThat(VersionCheck.dockerfile("Dockerfile", dockerfile, TEST_POM)).isEmpty();
    assertThat(dockerfile).containsPattern("(?m)^FROM \\S+@\\$\\{\\w+} AS build$")
        .containsPattern("(?m)^FROM flink:1.19-java17@\\$\\{FLINK_DIGEST}$");
  }

  @Test
  void aBaseOnAFloatingTagIsReported() {
    String dockerfile = "FROM maven:3.9-eclipse-temurin-17 AS build\nFROM flink:1.19-java17@sha256:"
        + "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\n"
        + "LABEL org.opencontainers.image.version=\"0.1.0-SNAPSHOT\" dev.weft.flink-version=\"1.19\" "
        + "dev.weft.beam-version=\"2.70.0\"\n";

    assertThat(VersionCheck.dockerfile("Dockerfile", dockerfile, TEST_POM)).containsExactly(
        "Dockerfile: FROM maven:3.9-eclipse-temurin-17 is not pinned by digest: write it as "
            + "maven:3.9-eclipse-temurin-17@sha256:<digest> or @${ARG} with the digest passed as --build-arg");
  }

  @Test
  void aStaleTagInTheReadmeIsReported() {
    assertThat(VersionCheck.text("README.md", "docker build -t weft:0.0.1 . && docker pull flink:1.20-java17",
        TEST_POM)).containsExactly(
            "README.md: image tag is 'weft:0.0.1', the pom says 'weft:0.1.0-SNAPSHOT'",
            "README.md: Flink image is 'flink:1.20-java17', the pom says 'flink:1.19-java17'");
  }

  private static JsonNode manifest(String name) {
    return Yaml.read(K8S.resolve("manifests").resolve(name));
  }
}
