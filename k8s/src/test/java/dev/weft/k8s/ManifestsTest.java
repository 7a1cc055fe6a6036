package dev.weft.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.databind.MappingIterator;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every manifest in k8s/manifests is valid for its kind's schema (the operator's CRD, Kubernetes' API types), and
 * the schemas are strict enough to matter: a real manifest broken in one place — a misspelt field, a wrong type,
 * a value outside an enum — is refused at that place. The kustomization (k8s/kustomization.yaml) has the image and
 * the storage class as its only knobs, and renders them into valid manifests.
 */
class ManifestsTest {
  static final Path MANIFESTS = K8sDir.path().resolve("manifests");
  private static ManifestValidator validator;

  @BeforeAll
  static void loadSchemas() {
    validator = ManifestValidator.fromClassPath();
  }

  @Test
  void everyManifestIsValidForItsKindsSchema() {
    Map<String, List<String>> violations = new TreeMap<>();
    for (Path file : Yaml.manifests(MANIFESTS)) {
      violations.put(file.getFileName().toString(), validator.violations(Yaml.read(file)));
    }
    assertThat(violations).containsOnlyKeys("flink-session.yaml", "flink-streaming-ingest.yaml",
        "reindex-cronjob.yaml", "weft-data-pvc.yaml");
    assertThat(violations).allSatisfy((file, found) -> assertThat(found).as(file).isEmpty());
  }

  @Test
  void theSchemasCoverTheOperatorsAndTheCoreKinds() {
    assertThat(validator.kinds()).contains("flink.apache.org/v1beta1 FlinkDeployment",
        "flink.apache.org/v1beta1 FlinkSessionJob", "batch/v1 CronJob", "v1 PersistentVolumeClaim",
        "v1 Service", "v1 ConfigMap");
  }

  /** One place broken in a real manifest, and where and by which rule the validator must refuse it. */
  record Breakage(String file, String parent, String field, JsonNode value, String at, String rule) {
    @Override
    public String toString() {
      return file + " " + parent + "/" + field + " = " + value;
    }
  }

  static Stream<Breakage> breakages() {
    return Stream.of(
        // the operator's CRD
        new Breakage("flink-session.yaml", "/spec/jobManager", "memory", TextNode.valueOf("2g"),
            "/spec/jobManager", "additionalProperties"),
        new Breakage("flink-session.yaml", "/spec/jobManager", "replicas", TextNode.valueOf("one"),
            "/spec/jobManager/replicas", "type"),
        new Breakage("flink-session.yaml", "/spec", "flinkVersion", TextNode.valueOf("v1_99"),
            "/spec/flinkVersion", "enum"),
        // flinkConfiguration is a map of strings: an unquoted YAML number is the classic mistake
        new Breakage("flink-streaming-ingest.yaml", "/spec/flinkConfiguration", "taskmanager.numberOfTaskSlots",
            IntNode.valueOf(2), "/spec/flinkConfiguration/taskmanager.numberOfTaskSlots", "type"),
        new Breakage("flink-streaming-ingest.yaml", "/spec/job", "upgradeMode", TextNode.valueOf("snapshot"),
            "/spec/job/upgradeMode", "enum"),
        // Kubernetes' own types, down to a container inside the CronJob's pod template
        new Breakage("reindex-cronjob.yaml", "/spec", "schedul", TextNode.valueOf("0 * * * *"),
            "/spec", "additionalProperties"),
        new Breakage("reindex-cronjob.yaml", "/spec/jobTemplate/spec", "backoffLimit", TextNode.valueOf("two"),
            "/spec/jobTemplate/spec/backoffLimit", "type"),
        new Breakage("reindex-cronjob.yaml", "/spec/jobTemplate/spec/template/spec/containers/0", "imagePulPolicy",
            TextNode.valueOf("Always"), "/spec/jobTemplate/spec/template/spec/containers/0",
            "additionalProperties"),
        new Breakage("weft-data-pvc.yaml", "/spec", "accessModes", TextNode.valueOf("ReadWriteMany"),
            "/spec/accessModes", "type"),
        new Breakage("weft-data-pvc.yaml", "/spec/resources/requests", "storage", BooleanNode.TRUE,
            "/spec/resources/requests/storage", "type"),
        // the metadata of a CRD kind is Kubernetes' ObjectMeta
        new Breakage("flink-session.yaml", "/metadata", "label", TextNode.valueOf("x"),
            "/metadata", "additionalProperties"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("breakages")
  void aManifestBrokenInOnePlaceIsRefusedThere(Breakage breakage) {
    JsonNode manifest = Yaml.read(MANIFESTS.resolve(breakage.file()));
    assertThat(validator.violations(manifest)).as("the unbroken manifest").isEmpty();

    ((ObjectNode) manifest.at(breakage.parent())).set(breakage.field(), breakage.value());

    assertThat(validator.violations(manifest))
        .anySatisfy(v -> assertThat(v).startsWith("at " + breakage.at() + " (rule '" + breakage.rule() + "')"));
  }

  @Test
  void theKustomizationsOnlyKnobsAreTheImageAndTheStorageClass() {
    JsonNode kustomization = Yaml.read(K8sDir.path().resolve("kustomization.yaml"));
    List<String> fields = new ArrayList<>();
    kustomization.fieldNames().forEachRemaining(fields::add);
    assertThat(fields).containsExactly("apiVersion", "kind", "resources", "configurations", "images", "patches");
    // the scheduled re-index; the streaming ingest replaces the CronJob, so it is applied on its own
    assertThat(kustomization.get("resources")).extracting(JsonNode::asText).containsExactly(
        "manifests/weft-data-pvc.yaml", "manifests/flink-session.yaml", "manifests/reindex-cronjob.yaml");
    JsonNode images = kustomization.get("images");
    assertThat(images).hasSize(1);
    assertThat(images.get(0).path("name").asText()).isEqualTo("weft");
    assertThat(images.get(0).path("newTag").asText()).isEqualTo(PomVersions.fromSystemProperties().weft());
    JsonNode patches = kustomization.get("patches");
    assertThat(patches).hasSize(1);
    assertThat(patches.get(0).at("/target/kind").asText()).isEqualTo("PersistentVolumeClaim");
    assertThat(patches.get(0).at("/target/name").asText())
        .isEqualTo(Yaml.read(MANIFESTS.resolve("weft-data-pvc.yaml")).at("/metadata/name").asText());
    assertThat(patches.get(0).path("patch").asText()).contains("path: /spec/storageClassName")
        .containsOnlyOnce("op:");
  }

  /** The knobs turned in a copy, rendered by kubectl's kustomize (skipped where no kubectl is on PATH). */
  @Test
  void theKustomizationRendersItsKnobsIntoValidManifests(@TempDir Path copy) throws Exception {
    Path kubectl = onPath("kubectl");
    Path k8s = K8sDir.path();
    for (String part : List.of("manifests", "kustomizeconfig")) {
      Files.createDirectories(copy.resolve(part));
      for (Path file : Yaml.manifests(k8s.resolve(part))) {
        Files.copy(file, copy.resolve(part).resolve(file.getFileName()));
      }
    }
    String version = PomVersions.fromSystemProperties().weft();
    Files.writeString(copy.resolve("kustomization.yaml"), Files.readString(k8s.resolve("kustomization.yaml"))
        .replace("newName: weft\n", "newName: registry.example.com/team/weft\n")
        .replace("newTag: " + version + "\n", "newTag: 9.9.9\n")
        .replace("value: nfs-client", "value: cephfs"));

    List<JsonNode> rendered = kustomize(kubectl, copy);

    assertThat(rendered).extracting(m -> m.path("kind").asText())
        .containsExactlyInAnyOrder("PersistentVolumeClaim", "FlinkDeployment", "CronJob");
    assertThat(rendered).allSatisfy(m -> assertThat(validator.violations(m)).as(m.path("kind").asText()).isEmpty());
    List<String> images = new ArrayList<>();
    rendered.forEach(m -> m.findValues("image").forEach(image -> images.add(image.asText())));
    assertThat(images).hasSize(2).containsOnly("registry.example.com/team/weft:9.9.9");
    assertThat(rendered).filteredOn(m -> m.path("kind").asText().equals("PersistentVolumeClaim"))
        .extracting(m -> m.at("/spec/storageClassName").asText()).containsExactly("cephfs");
  }

  private static List<JsonNode> kustomize(Path kubectl, Path dir) throws IOException, InterruptedException {
    Path out = dir.resolve("rendered.yaml");
    Path err = dir.resolve("kustomize.err");
    Process process = new ProcessBuilder(kubectl.toString(), "kustomize", dir.toString())
        .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    if (!process.waitFor(120, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("kubectl kustomize did not end within 120 s");
    }
    assertThat(process.exitValue()).as("kubectl kustomize: %s", Files.readString(err, StandardCharsets.UTF_8))
        .isZero();
    try (MappingIterator<JsonNode> documents = Yaml.MAPPER.readerFor(JsonNode.class).readValues(out.toFile())) {
      return documents.readAll();
    }
  }

  private static Path onPath(String tool) {
    String path = System.getenv().getOrDefault("PATH", "");
    Path found = Stream.of(path.split(File.pathSeparator)).filter(dir -> !dir.isEmpty())
        .map(dir -> Path.of(dir, tool)).filter(Files::isExecutable).findFirst().orElse(null);
    Assumptions.assumeTrue(found != null, tool + " is not on PATH");
    return found;
  }

  @Test
  void aManifestWithoutANameIsRefused() {
    JsonNode manifest = Yaml.read(MANIFESTS.resolve("weft-data-pvc.yaml"));
    ((ObjectNode) manifest.get("metadata")).remove("name");

    assertThat(validator.violations(manifest)).anySatisfy(v -> assertThat(v).contains("name"));
  }

  @Test
  void aKindWithoutASchemaIsRefusedByName() {
    JsonNode manifest = Yaml.read(MANIFESTS.resolve("weft-data-pvc.yaml"));
    ((ObjectNode) manifest).put("apiVersion", "example.com/v1");

    assertThat(validator.violations(manifest)).containsExactly("no schema for apiVersion 'example.com/v1' kind "
        + "'PersistentVolumeClaim': add the kind's schema to ManifestValidator or fix apiVersion/kind");
  }
}
