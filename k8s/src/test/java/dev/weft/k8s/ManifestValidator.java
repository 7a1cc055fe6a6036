package dev.weft.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Validates a Kubernetes manifest against the schema of its {@code apiVersion} and {@code kind}: the Flink
 * operator's CRDs (from the flink-kubernetes-operator-api jar on the test class path) for its kinds, Kubernetes'
 * API types (fabric8's validation schemas, see {@link KubernetesModelSchemas}) for the core kinds. A kind with
 * neither is a violation, so a manifest cannot go unchecked. The CRD kinds' {@code metadata} is checked against
 * Kubernetes' ObjectMeta, and every manifest must have a {@code metadata.name}.
 */
final class ManifestValidator {
  /** The apiextensions.k8s.io/v1 CRDs, the form a current cluster installs (the -v1beta1 files are the old API). */
  static final List<String> OPERATOR_CRDS = List.of(
      "META-INF/fabric8/flinkdeployments.flink.apache.org-v1.yml",
      "META-INF/fabric8/flinksessionjobs.flink.apache.org-v1.yml");
  static final String KUBERNETES_SCHEMAS = "schema/validation-schema.json";
  private static final String OBJECT_META = "kubernetes_apimachinery_ObjectMeta";
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
      builder -> builder.schemaLoader(loader -> loader.fetchRemoteResources(false)));

  private final ObjectNode defs;
  /** {@code apiVersion + " " + kind} → the name of its definition in {@link #defs}. */
  private final Map<String, String> kinds;
  private final Map<String, Schema> compiled = new HashMap<>();

  ManifestValidator(Map<String, JsonNode> defs, Map<String, String> kinds) {
    this.defs = NODES.objectNode();
    defs.forEach(this.defs::set);
    this.kinds = Map.copyOf(kinds);
  }

  /** The validator over the schemas on the class path: the operator's CRDs and fabric8's Kubernetes schemas. */
  static ManifestValidator fromClassPath() {
    List<JsonNode> kubernetes = new ArrayList<>();
    for (URL url : resources(KUBERNETES_SCHEMAS)) {
      kubernetes.add(read(url, JSON));
    }
    if (kubernetes.isEmpty()) {
      throw new IllegalStateException("no " + KUBERNETES_SCHEMAS + " on the test class path: k8s/pom.xml must "
          + "depend on the fabric8 kubernetes-model-core and -batch jars that carry it");
    }
    Map<String, JsonNode> defs = new LinkedHashMap<>(KubernetesModelSchemas.definitions(kubernetes));
    Map<String, String> kinds = new LinkedHashMap<>(KubernetesModelSchemas.kinds(defs));
    for (String crd : OPERATOR_CRDS) {
      List<URL> urls = resources(crd);
      if (urls.size() != 1) {
        throw new IllegalStateException("expected one " + crd + " on the test class path (from "
            + "flink-kubernetes-operator-api), found " + urls.size());
      }
      addCrd(read(urls.get(0), Yaml.MAPPER), defs, kinds);
    }
    return new ManifestValidator(defs, kinds);
  }

  /** Adds every served version of a CustomResourceDefinition as a definition named {@code group_version_Kind}. */
  static void addCrd(JsonNode crd, Map<String, JsonNode> defs, Map<String, String> kinds) {
    String group = crd.path("spec").path("group").asText();
    String kind = crd.path("spec").path("names").path("kind").asText();
    for (JsonNode version : crd.path("spec").path("versions")) {
      if (!version.path("served").asBoolean(true)) {
        continue;
      }
      String apiVersion = group + "/" + version.path("name").asText();
      ObjectNode schema = OpenApiSchemas.toJsonSchema(version.path("schema").path("openAPIV3Schema"));
      ObjectNode properties = schema.withObjectProperty("properties");
      properties.putObject("apiVersion").put("type", "string");
      properties.putObject("kind").put("type", "string");
      properties.putObject("metadata").put("$ref", "#/$defs/" + OBJECT_META);
      schema.put("additionalProperties", false);
      String name = (apiVersion + "/" + kind).replace('/', '_'); // a $defs name, so no JSON Pointer escapes
      defs.put(name, schema);
      kinds.put(apiVersion + " " + kind, name);
    }
  }

  /** The kinds this validator has a schema for ({@code apiVersion kind}). */
  Iterable<String> kinds() {
    return kinds.keySet();
  }

  /**
   * What is wrong with the manifest, one line each ({@code at /spec/foo (rule 'additionalProperties'): ...});
   * empty when it is valid.
   */
  List<String> violations(JsonNode manifest) {
    String apiVersion = manifest.path("apiVersion").asText("");
    String kind = manifest.path("kind").asText("");
    String def = kinds.get(apiVersion + " " + kind);
    if (def == null) {
      return List.of("no schema for apiVersion '" + apiVersion + "' kind '" + kind + "': add the kind's schema "
          + "to ManifestValidator or fix apiVersion/kind");
    }
    Schema schema = compiled.computeIfAbsent(def, this::compile);
    List<String> violations = new ArrayList<>();
    for (Error error : schema.validate(manifest.toString(), InputFormat.JSON)) {
      violations.add("at " + pointer(error.getInstanceLocation()) + " (rule '" + error.getKeyword() + "'): "
          + error.getMessage());
    }
    return Collections.unmodifiableList(violations);
  }

  private Schema compile(String def) {
    ObjectNode root = NODES.objectNode();
    root.put("$schema", SpecificationVersion.DRAFT_2020_12.getDialectId());
    root.put("$ref", "#/$defs/" + def);
    // every manifest names its object; ObjectMeta alone allows generateName, which kubectl apply refuses
    root.putObject("properties").putObject("metadata").putArray("required").add("name");
    root.putArray("required").add("apiVersion").add("kind").add("metadata");
    root.set("$defs", defs);
    return REGISTRY.getSchema(root.toString(), InputFormat.JSON);
  }

  private static String pointer(NodePath path) {
    StringBuilder pointer = new StringBuilder();
    for (int i = 0; path != null && i < path.getNameCount(); i++) {
      pointer.append('/').append(String.valueOf(path.getElement(i)).replace("~", "~0").replace("/", "~1"));
    }
    return pointer.length() == 0 ? "/" : pointer.toString();
  }

  private static List<URL> resources(String name) {
    try {
      return Collections.list(ManifestValidator.class.getClassLoader().getResources(name));
    } catch (IOException e) {
      throw new UncheckedIOException("could not list " + name + " on the test class path", e);
    }
  }

  private static JsonNode read(URL url, ObjectMapper mapper) {
    try (InputStream in = url.openStream()) {
      return mapper.readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the schema " + url, e);
    }
  }
}
