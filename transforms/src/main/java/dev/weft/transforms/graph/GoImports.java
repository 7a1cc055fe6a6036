package dev.weft.transforms.graph;

import dev.weft.context.graph.FileImports;
import dev.weft.context.graph.ImportRef;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Go: {@code import "p"}, {@code import alias "p"} and {@code import ( ... )} blocks. A path under the module of the
 * nearest {@code go.mod} resolves to the package's directory in the tree (every non-test file of it); the standard
 * library and other modules are external.
 */
final class GoImports implements ImportExtractor {
  static final Pattern BLOCK = Pattern.compile("\\bimport\\s*\\(([^)]*)\\)");
  static final Pattern SINGLE = Pattern.compile("\\bimport\\s+(?:[\\w.]+\\s+)?\"([^\"]+)\"");
  private static final Pattern QUOTED = Pattern.compile("\"([^\"]+)\"");

  @Override
  public FileImports extract(String path, String text, ProjectFiles project) {
    // strings blanked too (a raw string may hold `import "x"`); the path is read back from the text
    String code = SourceText.strip(text, true, false);
    Set<String> specs = new LinkedHashSet<>();
    Matcher block = BLOCK.matcher(code);
    for (int from = 0; SourceText.findAtKeyword(block, code, from, "import"); from = block.end()) {
      Matcher quoted = QUOTED.matcher(code).region(block.start(1), block.end(1));
      while (quoted.find()) {
        specs.add(SourceText.group(text, quoted, 1));
      }
    }
    Matcher single = SINGLE.matcher(code);
    for (int from = 0; SourceText.findAtKeyword(single, code, from, "import"); from = single.end()) {
      specs.add(SourceText.group(text, single, 1));
    }
    ProjectFiles.GoModule module = project.goModule(SourceText.parent(path));
    List<ImportRef> imports = new ArrayList<>();
    for (String spec : specs) {
      List<String> candidates = new ArrayList<>();
      if (module != null && (spec.equals(module.path()) || spec.startsWith(module.path() + "/"))) {
        String rest = spec.substring(module.path().length());
        String dir = SourceText.join(module.dir(), rest.isEmpty() ? "" : rest.substring(1));
        if (dir != null) {
          candidates.add("dir:" + dir);
        }
      }
      imports.add(ImportRef.of(spec, candidates));
    }
    return new FileImports(List.of(), imports);
  }
}
