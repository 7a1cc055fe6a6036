package dev.weft.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The manifests and the Dockerfile agree with each other; one change that breaks the wiring is named. */
class WiringTest {
  private static final Path K8S = K8sDir.path();
  private Map<String, JsonNode> manifests;
  private String dockerfile;

  @BeforeEach
  void readCommittedFiles() throws IOException {
    manifests = new TreeMap<>();
    for (Path file : Yaml.manifests(K8S.resolve("manifests"))) {
      manifests.put(file.getFileName().toString(), Yaml.read(file));
    }
    dockerfile = Files.readString(K8S.resolve("Dockerfile"));
  }

  @Test
  void theCommittedFilesAgree() {
    assertThat(WiringCheck.check(manifests, dockerfile)).isEmpty();
  }

  @Test
  void renamingTheSessionClusterBreaksTheCronJobsMaster() {
    ((ObjectNode) manifests.get("flink-session.yaml").get("metadata")).put("name", "weft-flink");

    assertThat(WiringCheck.check(manifests, dockerfile)).containsExactly("reindex-cronjob.yaml: --flink-master "
        + "weft-session-rest:8081 is not the REST service of a session FlinkDeployment; the manifests define "
        + "[weft-flink-rest:8081]");
  }

  @Test
  void aVolumeMountedElsewhereOrAClaimOfAnotherNameIsReported() {
    ((ObjectNode) manifests.get("reindex-cronjob.yaml")
        .at("/spec/jobTemplate/spec/template/spec/containers/0/volumeMounts/0")).put("mountPath", "/data");
    ((ObjectNode) manifests.get("flink-session.yaml").at("/spec/podTemplate/spec/volumes/0/persistentVolumeClaim"))
        .put("claimName", "weft-index");

    assertThat(WiringCheck.check(manifests, dockerfile)).containsExactly(
        "flink-session.yaml: volume weft-data claims 'weft-index', which no PersistentVolumeClaim manifest "
            + "defines [weft-data]",
        "the shared volume is mounted at different paths {flink-session.yaml flink-main-container=/weft, "
            + "flink-streaming-ingest.yaml flink-main-container=/weft, "
            + "reindex-cronjob.yaml reindex=/data}: mount it at one path everywhere, since the driver and the "
            + "workers exchange paths on it");
  }

  @Test
  void aPathOffTheVolumeIsReported() {
    ((ObjectNode) manifests.get("flink-streaming-ingest.yaml").at("/spec/flinkConfiguration"))
        .put("state.checkpoints.dir", "file:///tmp/checkpoints");
    JsonNode args = manifests.get("reindex-cronjob.yaml").at("/spec/jobTemplate/spec/template/spec/containers/0/args");
    ((ArrayNode) args).set(1, TextNode.valueOf("/srv/corpus"));

    assertThat(WiringCheck.check(manifests, dockerfile)).containsExactly(
        "flink-streaming-ingest.yaml: file:///tmp/checkpoints is not on the shared volume [/weft]: the driver and "
            + "the workers would not see the same files",
        "reindex-cronjob.yaml: /srv/corpus is not on the shared volume [/weft]: the driver and the workers would "
            + "not see the same files");
  }

  @Test
  void theOperatorsUpgradeModeRulesAndTheJarsPlaceAreChecked() {
    ObjectNode config = (ObjectNode) manifests.get("flink-streaming-ingest.yaml").at("/spec/flinkConfiguration");
    config.remove("state.savepoints.dir");
    config.remove("high-availability.storageDir");
    ((ObjectNode) manifests.get("flink-streaming-ingest.yaml").at("/spec/job"))
        .put("jarURI", "local:///opt/flink/lib/weft.jar");

    assertThat(WiringCheck.check(manifests, dockerfile)).containsExactly(
        "flink-streaming-ingest.yaml: upgradeMode savepoint needs state.savepoints.dir in flinkConfiguration",
        "flink-streaming-ingest.yaml: high availability needs high-availability.storageDir in flinkConfiguration",
        "flink-streaming-ingest.yaml: job.jarURI is 'local:///opt/flink/lib/weft.jar', the Dockerfile copies the "
            + "jar to '/opt/flink/usrlib/weft.jar' (local:///opt/flink/usrlib/weft.jar)");
  }

  @Test
  void aSessionClusterWithLessNetworkMemoryThanItsSlotsNeedIsReported() {
    ObjectNode config = (ObjectNode) manifests.get("flink-session.yaml").at("/spec/flinkConfiguration");
    config.put("taskmanager.memory.network.min", "64m");

    assertThat(WiringCheck.check(manifests, dockerfile)).containsExactly("flink-session.yaml: "
        + "taskmanager.memory.network.min is '64m', a TaskManager of 2 slots running program jobs needs at least "
        + "128m (64m a slot)");
    config.remove("taskmanager.memory.network.min");
    assertThat(WiringCheck.check(manifests, dockerfile)).singleElement().asString()
        .startsWith("flink-session.yaml: taskmanager.memory.network.min is ''");
  }

  @Test
  void aDockerfileThatPutsTheJarElsewhereIsReportedWhereItIsRun() {
    String moved = dockerfile.replace("/opt/flink/usrlib/weft.jar", "/opt/weft/weft.jar");

    assertThat(WiringCheck.check(manifests, moved)).hasSize(2)
        .anySatisfy(f -> assertThat(f).startsWith("flink-streaming-ingest.yaml: job.jarURI is"))
        .anySatisfy(f -> assertThat(f).startsWith("reindex-cronjob.yaml: container reindex must run -jar "
            + "/opt/weft/weft.jar"));
  }
}
