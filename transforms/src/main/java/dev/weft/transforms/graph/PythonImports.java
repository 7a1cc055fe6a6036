package dev.weft.transforms.graph;

import dev.weft.context.graph.FileImports;
import dev.weft.context.graph.ImportRef;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Python: {@code import a.b [as x], c}, {@code from a.b import n [as x], ...} (n may be a submodule, else the names
 * are in a.b), {@code from a.b import *}, and relative {@code from . import n} / {@code from ..pkg import n}, inside
 * parentheses or across backslash continuations. Absolute names resolve by dotted module path ({@code py:} keys, see
 * {@code CodeGraph}), then beside the importing file (a script's own directory is on {@code sys.path}); relative ones
 * by path from the file's package.
 */
final class PythonImports implements ImportExtractor {
  private static final Pattern IMPORT = Pattern.compile("^import\\s+(.+)$");
  private static final Pattern FROM = Pattern.compile("^from\\s+(\\.*)([\\w.]*)\\s+import\\s+(.+)$");

  @Override
  public FileImports extract(String path, String text, ProjectFiles project) {
    String dir = SourceText.parent(path);
    List<ImportRef> imports = new ArrayList<>();
    // strings blanked: a docstring line `import os` is no import
    for (String line : logicalLines(SourceText.strip(text, true, true))) {
      Matcher plain = IMPORT.matcher(line);
      Matcher from = FROM.matcher(line);
      if (plain.matches()) {
        for (String part : plain.group(1).split(",")) {
          String module = firstWord(part);
          if (!module.isEmpty()) {
            imports.add(ImportRef.of(module, absolute(module, dir)));
          }
        }
      } else if (from.matches()) {
        String dots = from.group(1);
        String module = from.group(2);
        String spec = dots + module;
        for (String part : from.group(3).replace("(", " ").replace(")", " ").split(",")) {
          String name = firstWord(part);
          if (name.isEmpty()) {
            continue;
          }
          List<String> candidates = new ArrayList<>();
          if (dots.isEmpty()) {
            if (!name.equals("*")) {
              candidates.addAll(absolute(module + "." + name, dir));
            }
            candidates.addAll(absolute(module, dir));
          } else {
            String base = SourceText.join(dir, "../".repeat(dots.length() - 1));
            if (base != null) {
              String target = module.isEmpty() ? base : SourceText.join(base, module.replace('.', '/'));
              if (!name.equals("*")) {
                candidates.addAll(files(SourceText.join(target, name)));
              }
              candidates.addAll(files(target));
            }
          }
          imports.add(ImportRef.of(spec, candidates));
        }
      }
    }
    return new FileImports(List.of(), imports);
  }

  private static List<String> absolute(String module, String dir) {
    List<String> candidates = new ArrayList<>();
    candidates.add("py:" + module);
    candidates.addAll(files(SourceText.join(dir, module.replace('.', '/'))));
    return candidates;
  }

  /** A module path as a file or a package (empty for the root itself, which is no module). */
  private static List<String> files(String modulePath) {
    if (modulePath == null || modulePath.isEmpty()) {
      return List.of();
    }
    return List.of("path:" + modulePath + ".py", "path:" + modulePath + "/__init__.py");
  }

  private static String firstWord(String part) {
    String trimmed = part.strip();
    int space = trimmed.indexOf(' ');
    return space < 0 ? trimmed : trimmed.substring(0, space);
  }

  /**
   * Statement lines: continuation lines joined to theirs (a backslash, or an open parenthesis of a {@code from}
   * list), only top-level-looking statements kept (any indentation: imports inside functions count too).
   */
  static List<String> logicalLines(String code) {
    List<String> lines = new ArrayList<>();
    StringBuilder current = null;
    int depth = 0;
    for (String raw : code.split("\n", -1)) {
      String line = raw.strip();
      if (current == null) {
        int start = statementStart(line);
        if (start < 0) {
          continue;
        }
        line = line.substring(start);
        current = new StringBuilder();
      }
      boolean continued = line.endsWith("\\");
      current.append(' ').append(continued ? line.substring(0, line.length() - 1) : line);
      for (char c : line.toCharArray()) {
        depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      }
      if (!continued && depth <= 0) {
        // `import os; import sys` is two statements (strings are blanked, so a ';' here is a separator)
        for (String statement : current.toString().split(";")) {
          String normal = statement.strip().replaceAll("\\s+", " ");
          if (normal.startsWith("import ") || normal.startsWith("from ")) {
            lines.add(normal);
          }
        }
        current = null;
        depth = 0;
      }
    }
    return lines;
  }

  /** Where the first {@code ;}-separated statement of a line that is an import starts ({@code x = 1; import os}). */
  private static int statementStart(String line) {
    int from = 0;
    while (from >= 0) {
      String rest = line.substring(from).stripLeading();
      if (rest.startsWith("import ") || rest.startsWith("from ")) {
        return line.length() - rest.length();
      }
      int semicolon = line.indexOf(';', from);
      from = semicolon < 0 ? -1 : semicolon + 1;
    }
    return -1;
  }
}
