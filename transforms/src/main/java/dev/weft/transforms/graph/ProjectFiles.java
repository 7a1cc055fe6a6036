package dev.weft.transforms.graph;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The project files import resolution reads besides the file itself — the nearest {@code go.mod} and
 * {@code tsconfig.json}/{@code jsconfig.json} at or above a file's directory, never above the corpus root — each read
 * once per directory and kept for the run. Thread-safe; serializable (the cache is rebuilt on each worker).
 *
 * <p>A project file that is missing, over {@value #MAX_BYTES} bytes or not parseable contributes nothing: its
 * imports then show as external names, which {@code weft graph node} lists.
 */
public final class ProjectFiles implements Serializable {
  static final int MAX_BYTES = 1 << 20;
  private static final ObjectMapper LENIENT_JSON = JsonMapper.builder()
      .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS, JsonReadFeature.ALLOW_TRAILING_COMMA,
          JsonReadFeature.ALLOW_SINGLE_QUOTES, JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES)
      .build();
  private static final Pattern MODULE = Pattern.compile("(?m)^\\s*module\\s+\"?([^\\s\"]+)\"?");

  private final String root;
  private transient Map<String, Optional<GoModule>> goModules;
  private transient Map<String, TsConfig> tsConfigs;

  /** Reads project files under {@code root}; null reads none (a dataset's records have no project). */
  public ProjectFiles(String root) {
    this.root = root;
  }

  /** No project files at all. */
  public static ProjectFiles none() {
    return new ProjectFiles(null);
  }

  /** A Go module: its path as {@code go.mod} declares it and the corpus-relative directory of that {@code go.mod}. */
  record GoModule(String path, String dir) {}

  /** The module of the nearest {@code go.mod} at or above {@code dir}, or null. */
  GoModule goModule(String dir) {
    if (goModules == null) {
      goModules = new ConcurrentHashMap<>();
    }
    Optional<GoModule> known = goModules.get(dir);
    if (known != null) {
      return known.orElse(null);
    }
    // no computeIfAbsent: the lookup recurses to the parent directory, which a map's compute must not do
    Optional<String> text = read(dir, "go.mod");
    Optional<GoModule> module;
    if (text.isPresent()) {
      Matcher m = MODULE.matcher(text.get());
      module = m.find() ? Optional.of(new GoModule(m.group(1), dir)) : Optional.empty();
    } else {
      module = dir.isEmpty() ? Optional.empty() : Optional.ofNullable(goModule(SourceText.parent(dir)));
    }
    goModules.put(dir, module);
    return module.orElse(null);
  }

  /** The nearest {@code tsconfig.json} (else {@code jsconfig.json}) at or above {@code dir}; none when there is none. */
  TsConfig tsConfig(String dir) {
    if (tsConfigs == null) {
      tsConfigs = new ConcurrentHashMap<>();
    }
    TsConfig known = tsConfigs.get(dir);
    if (known != null) {
      return known;
    }
    Optional<String> text = read(dir, "tsconfig.json").or(() -> read(dir, "jsconfig.json"));
    TsConfig config = text.isPresent() ? TsConfig.parse(dir, text.get())
        : dir.isEmpty() ? TsConfig.NONE : tsConfig(SourceText.parent(dir));
    tsConfigs.put(dir, config);
    return config;
  }

  private Optional<String> read(String dir, String name) {
    if (root == null) {
      return Optional.empty();
    }
    Path file = Path.of(root).resolve(dir.isEmpty() ? name : dir + "/" + name);
    try {
      if (!Files.isRegularFile(file) || Files.size(file) > MAX_BYTES) {
        return Optional.empty();
      }
      return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException | RuntimeException e) {
      // an unreadable project file resolves nothing; its imports stay external names (documented in graph.md)
      return Optional.empty();
    }
  }

  /** The aliases of one tsconfig: {@code compilerOptions.paths} (relative to {@code baseUrl}) and {@code baseUrl}. */
  record TsConfig(String baseDir, List<Map.Entry<String, List<String>>> paths, boolean hasBaseUrl) {
    static final TsConfig NONE = new TsConfig("", List.of(), false);

    static TsConfig parse(String dir, String text) {
      JsonNode options;
      try {
        options = LENIENT_JSON.readTree(text).path("compilerOptions");
      } catch (IOException e) {
        return NONE; // not JSON even leniently: no aliases (graph.md)
      }
      String baseUrl = options.path("baseUrl").asText("");
      String baseDir = SourceText.join(dir, baseUrl.isEmpty() ? "." : baseUrl);
      List<Map.Entry<String, List<String>>> paths = new ArrayList<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = options.path("paths").fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> entry = it.next();
        List<String> targets = new ArrayList<>();
        entry.getValue().forEach(target -> targets.add(target.asText()));
        paths.add(Map.entry(entry.getKey(), targets));
      }
      return new TsConfig(baseDir == null ? dir : baseDir, paths, !baseUrl.isEmpty());
    }

    /** The corpus-relative module bases a non-relative specifier may mean, best first; empty for a bare package. */
    List<String> resolve(String spec) {
      List<String> bases = new ArrayList<>();
      for (Map.Entry<String, List<String>> alias : paths) {
        String pattern = alias.getKey();
        int star = pattern.indexOf('*');
        String matched = null;
        if (star < 0 && pattern.equals(spec)) {
          matched = "";
        } else if (star >= 0 && spec.startsWith(pattern.substring(0, star))
            && spec.endsWith(pattern.substring(star + 1))
            && spec.length() >= pattern.length() - 1) {
          matched = spec.substring(star, spec.length() - (pattern.length() - star - 1));
        }
        if (matched != null) {
          for (String target : alias.getValue()) {
            bases.add(SourceText.join(baseDir, target.replace("*", matched)));
          }
        }
      }
      if (hasBaseUrl) {
        bases.add(SourceText.join(baseDir, spec));
      }
      return bases;
    }
  }
}
