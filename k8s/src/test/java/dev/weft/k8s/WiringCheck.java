package dev.weft.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What no schema sees: the manifests and the Dockerfile must agree with each other. The CronJob submits to the
 * session deployment's REST service; every claim names the PVC; the shared volume is mounted at one path
 * everywhere (workers and driver exchange paths, not bytes); every path a job is given lies on that volume; the jar
 * the manifests run is where the Dockerfile copies it; and the operator's rules for the upgrade mode hold
 * (savepoint and last-state need {@code state.savepoints.dir}, last-state needs HA, HA needs a storage dir); a session
 * cluster gives each TaskManager the network memory its slots need for program jobs. Each finding is one line naming
 * the file and what to change.
 */
final class WiringCheck {
  private static final String REST_PORT = "8081";
  private static final Pattern COPY = Pattern.compile("(?m)^COPY\\s+(?:--\\S+\\s+)*\\S+\\s+(\\S+)\\s*$");
  private static final Pattern PATH_ARG = Pattern.compile("^(?:--[\\w-]+=)?(?:file://)?(/\\S*)$");
  private static final String IMAGE_DIRS = "/opt/flink/";
  /** Network memory a program job needs per task slot, in MB. */
  static final int NETWORK_MB_PER_SLOT = 64;
  private static final Pattern MEGABYTES = Pattern.compile("(\\d+)\\s*(m|mb|g|gb)", Pattern.CASE_INSENSITIVE);

  private WiringCheck() {}

  /**
   * The disagreements among the manifests (by file name) and the Dockerfile's text.
   */
  static List<String> check(Map<String, JsonNode> manifests, String dockerfile) {
    List<String> found = new ArrayList<>();
    Set<String> claims = new LinkedHashSet<>();
    Map<String, String> mountPaths = new LinkedHashMap<>();
    List<String> sessions = new ArrayList<>();
    manifests.forEach((file, m) -> {
      if (m.path("kind").asText().equals("PersistentVolumeClaim")) {
        claims.add(m.path("metadata").path("name").asText());
      }
      if (m.path("kind").asText().equals("FlinkDeployment") && !m.path("spec").has("job")) {
        sessions.add(m.path("metadata").path("name").asText() + "-rest:" + REST_PORT);
      }
    });
    String jar = copiedJar(dockerfile, found);
    manifests.forEach((file, m) -> {
      for (JsonNode pod : pods(m)) {
        mounts(file, pod, claims, mountPaths, found);
      }
      String kind = m.path("kind").asText();
      if (kind.equals("FlinkDeployment")) {
        flinkDeployment(file, m, jar, found);
      } else if (kind.equals("CronJob")) {
        cronJob(file, m, jar, sessions, found);
      }
    });
    Set<String> distinct = new LinkedHashSet<>(mountPaths.values());
    if (distinct.size() > 1) {
      found.add("the shared volume is mounted at different paths " + mountPaths + ": mount it at one path "
          + "everywhere, since the driver and the workers exchange paths on it");
    }
    for (String file : manifests.keySet()) {
      for (String arg : args(manifests.get(file))) {
        pathOnVolume(file, arg, distinct, found);
      }
      for (JsonNode value : manifests.get(file).path("spec").path("flinkConfiguration")) {
        if (value.asText().startsWith("file://")) {
          pathOnVolume(file, value.asText(), distinct, found);
        }
      }
    }
    return found;
  }

  /** Where the last COPY puts the jar: the runtime stage's (the build stage copies the sources first). */
  private static String copiedJar(String dockerfile, List<String> found) {
    Matcher copy = COPY.matcher(dockerfile);
    String last = null;
    while (copy.find()) {
      last = copy.group(1);
    }
    if (last == null) {
      found.add("Dockerfile: no COPY of the jar found");
    }
    return last;
  }

  private static void flinkDeployment(String file, JsonNode m, String jar, List<String> found) {
    JsonNode config = m.path("spec").path("flinkConfiguration");
    JsonNode job = m.path("spec").path("job");
    String upgradeMode = job.path("upgradeMode").asText("stateless");
    if (!upgradeMode.equals("stateless") && !config.has("state.savepoints.dir")) {
      found.add(file + ": upgradeMode " + upgradeMode + " needs state.savepoints.dir in flinkConfiguration");
    }
    boolean ha = config.has("high-availability.type") || config.has("high-availability");
    if (upgradeMode.equals("last-state") && !ha) {
      found.add(file + ": upgradeMode last-state needs high-availability.type in flinkConfiguration");
    }
    if (ha && !config.has("high-availability.storageDir")) {
      found.add(file + ": high availability needs high-availability.storageDir in flinkConfiguration");
    }
    if (!m.path("spec").has("job")) {
      networkMemory(file, config, found);
    }
    if (job.has("jarURI") && jar != null && !job.get("jarURI").asText().equals("local://" + jar)) {
      found.add(file + ": job.jarURI is '" + job.get("jarURI").asText() + "', the Dockerfile copies the jar to '"
          + jar + "' (local://" + jar + ")");
    }
  }

  /**
   * A session cluster runs program jobs, which need {@value #NETWORK_MB_PER_SLOT} MB of network memory per task slot
   * on each TaskManager (measured: operations.md, "Network memory"); Flink's default fraction is no promise of it.
   */
  private static void networkMemory(String file, JsonNode config, List<String> found) {
    int slots = Integer.parseInt(config.path("taskmanager.numberOfTaskSlots").asText("1"));
    long needed = (long) NETWORK_MB_PER_SLOT * slots;
    String min = config.path("taskmanager.memory.network.min").asText("");
    Matcher size = MEGABYTES.matcher(min);
    long mb = !size.matches() ? -1 : Long.parseLong(size.group(1)) * (size.group(2).toLowerCase(Locale.ROOT).startsWith("g") ? 1024 : 1);
    if (mb < needed) {
      found.add(file + ": taskmanager.memory.network.min is '" + min + "', a TaskManager of " + slots
          + " slots running program jobs needs at least " + needed + "m (" + NETWORK_MB_PER_SLOT + "m a slot)");
    }
  }

  private static void cronJob(String file, JsonNode m, String jar, List<String> sessions, List<String> found) {
    for (JsonNode container : m.at("/spec/jobTemplate/spec/template/spec/containers")) {
      List<String> line = new ArrayList<>();
      container.path("command").forEach(c -> line.add(c.asText()));
      container.path("args").forEach(a -> line.add(a.asText()));
      int jarAt = line.indexOf("-jar");
      if (jar != null && (jarAt < 0 || jarAt + 1 >= line.size() || !line.get(jarAt + 1).equals(jar))) {
        found.add(file + ": container " + container.path("name").asText() + " must run -jar " + jar
            + " (where the Dockerfile copies it), got: " + String.join(" ", line));
      }
      Optional<String> master = valueOf(line, "--flink-master");
      if (master.isPresent() && !sessions.contains(master.get())) {
        found.add(file + ": --flink-master " + master.get() + " is not the REST service of a session "
            + "FlinkDeployment; the manifests define " + sessions);
      }
    }
  }

  private static void mounts(String file, JsonNode pod, Set<String> claims, Map<String, String> mountPaths,
      List<String> found) {
    Map<String, String> claimOfVolume = new LinkedHashMap<>();
    for (JsonNode volume : pod.path("volumes")) {
      JsonNode claim = volume.path("persistentVolumeClaim").path("claimName");
      if (claim.isTextual()) {
        if (!claims.contains(claim.asText())) {
          found.add(file + ": volume " + volume.path("name").asText() + " claims '" + claim.asText()
              + "', which no PersistentVolumeClaim manifest defines " + claims);
        }
        claimOfVolume.put(volume.path("name").asText(), claim.asText());
      }
    }
    for (JsonNode container : pod.path("containers")) {
      for (JsonNode mount : container.path("volumeMounts")) {
        String claim = claimOfVolume.get(mount.path("name").asText());
        if (claim != null) {
          mountPaths.put(file + " " + container.path("name").asText(), mount.path("mountPath").asText());
        }
      }
    }
  }

  private static void pathOnVolume(String file, String value, Set<String> mountPaths, List<String> found) {
    Matcher path = PATH_ARG.matcher(value);
    if (!path.matches() || path.group(1).startsWith(IMAGE_DIRS)) {
      return;
    }
    boolean onVolume = mountPaths.stream().anyMatch(mp -> path.group(1).equals(mp)
        || path.group(1).startsWith(mp.endsWith("/") ? mp : mp + "/"));
    if (!onVolume) {
      found.add(file + ": " + value + " is not on the shared volume " + mountPaths + ": the driver and the "
          + "workers would not see the same files");
    }
  }

  /** The pod specs of a manifest: a CronJob's job template, a FlinkDeployment's pod template. */
  private static List<JsonNode> pods(JsonNode m) {
    List<JsonNode> pods = new ArrayList<>();
    for (String at : List.of("/spec/jobTemplate/spec/template/spec", "/spec/podTemplate/spec")) {
      if (m.at(at).isObject()) {
        pods.add(m.at(at));
      }
    }
    return pods;
  }

  /** Every argument a manifest passes to Weft: a CronJob's container args, a FlinkDeployment's job args. */
  private static List<String> args(JsonNode m) {
    List<String> args = new ArrayList<>();
    m.at("/spec/jobTemplate/spec/template/spec/containers").forEach(c -> c.path("args")
        .forEach(a -> args.add(a.asText())));
    m.at("/spec/job/args").forEach(a -> args.add(a.asText()));
    return args;
  }

  private static Optional<String> valueOf(List<String> line, String option) {
    for (int i = 0; i < line.size(); i++) {
      if (line.get(i).equals(option) && i + 1 < line.size()) {
        return Optional.of(line.get(i + 1));
      }
      if (line.get(i).startsWith(option + "=")) {
        return Optional.of(line.get(i).substring(option.length() + 1));
      }
    }
    return Optional.empty();
  }
}
