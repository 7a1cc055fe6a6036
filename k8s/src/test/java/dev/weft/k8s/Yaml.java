package dev.weft.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Reads the manifests: one Kubernetes object per file, as kubectl would parse it. */
final class Yaml {
  static final ObjectMapper MAPPER = new YAMLMapper();

  private Yaml() {}

  static JsonNode read(Path file) {
    try (MappingIterator<JsonNode> documents = MAPPER.readerFor(JsonNode.class).readValues(file.toFile())) {
      List<JsonNode> all = documents.readAll();
      // one object a file, so a test names the file of a bad object and no document hides behind another
      if (all.size() != 1 || !all.get(0).isObject()) {
        throw new IllegalArgumentException("a manifest must hold exactly one YAML object, got " + all.size()
            + " documents: " + file);
      }
      return all.get(0);
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the manifest " + file, e);
    }
  }

  /** The manifests of a directory ({@code *.yaml}), sorted by name. */
  static List<Path> manifests(Path dir) {
    try (var files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".yaml")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("could not list the manifests in " + dir, e);
    }
  }
}
