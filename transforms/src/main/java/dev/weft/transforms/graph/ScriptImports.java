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
 * JavaScript and TypeScript: {@code import ... from 'x'}, {@code import 'x'}, re-exports {@code export ... from
 * 'x'} (a barrel's edges), {@code require('x')} and {@code import('x')} (not a method of that name:
 * {@code obj.require('x')}). A relative specifier resolves from the
 * file's directory; another through the nearest {@code tsconfig.json}'s (or {@code jsconfig.json}'s)
 * {@code compilerOptions.paths} aliases, then its {@code baseUrl}; each then as written, with the usual extensions,
 * or as a directory's {@code index} (a barrel). A bare package name is external.
 */
final class ScriptImports implements ImportExtractor {
  static final Pattern FROM = Pattern.compile("\\b(?:import|export)\\b[^;'\"`]*?\\bfrom\\s*['\"]([^'\"]+)['\"]");
  static final Pattern BARE = Pattern.compile("(?m)^\\s*import\\s*['\"]([^'\"]+)['\"]");
  static final Pattern CALL = Pattern.compile("(?<![.\\w$])(?:require|import)\\s*\\(\\s*['\"]([^'\"]+)['\"]\\s*\\)");
  private static final List<String> EXTENSIONS = List.of(".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs");
  private static final List<String> INDEXES = List.of("/index.ts", "/index.tsx", "/index.js", "/index.mjs");

  @Override
  public FileImports extract(String path, String text, ProjectFiles project) {
    // strings blanked too, so `"import x from 'y'"` is no import; the specifier is read back from the text
    String code = SourceText.strip(text, true, false);
    Set<String> specs = new LinkedHashSet<>();
    Matcher from = FROM.matcher(code);
    for (int at = 0; SourceText.findAtKeyword(from, code, at, "import", "export"); at = from.end()) {
      specs.add(SourceText.group(text, from, 1));
    }
    Matcher bare = BARE.matcher(code);
    for (int at = 0; SourceText.findStatement(bare, code, "import", at, SourceText.WHITESPACE); at = bare.end()) {
      specs.add(SourceText.group(text, bare, 1));
    }
    Matcher call = CALL.matcher(code);
    for (int at = 0; SourceText.findAtKeyword(call, code, at, "require", "import"); at = call.end()) {
      specs.add(SourceText.group(text, call, 1));
    }
    String dir = SourceText.parent(path);
    List<ImportRef> imports = new ArrayList<>();
    for (String spec : specs) {
      List<String> bases = new ArrayList<>();
      if (spec.startsWith(".")) {
        bases.add(SourceText.join(dir, spec));
      } else if (spec.startsWith("/")) {
        bases.add(SourceText.join("", spec));
      } else {
        bases.addAll(project.tsConfig(dir).resolve(spec));
      }
      List<String> candidates = new ArrayList<>();
      for (String base : bases) {
        if (base != null && !base.isEmpty()) {
          candidates.addAll(files(base));
        }
      }
      imports.add(ImportRef.of(spec, candidates));
    }
    return new FileImports(List.of(), imports);
  }

  /** A module base as written, with each extension, then as a directory's index file. */
  private static List<String> files(String base) {
    List<String> candidates = new ArrayList<>();
    candidates.add("path:" + base);
    // TypeScript's ESM style names the emitted .js for a .ts source
    for (String js : List.of(".js", ".jsx", ".mjs", ".cjs")) {
      if (base.endsWith(js)) {
        String stem = base.substring(0, base.length() - js.length());
        candidates.add("path:" + stem + ".ts");
        candidates.add("path:" + stem + ".tsx");
      }
    }
    for (String extension : EXTENSIONS) {
      candidates.add("path:" + base + extension);
    }
    for (String index : INDEXES) {
      candidates.add("path:" + base + index);
    }
    return candidates;
  }
}
