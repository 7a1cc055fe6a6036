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
 * Java: {@code import a.b.C;} (nested types fall back to their outer type), {@code import static a.b.C.m;} (to C),
 * {@code import a.b.*;} (every file of package a.b: without type resolution that is the honest over-count), and
 * same-package references — a capitalised name used in the file that a file of its own package declares
 * (implicit: an unresolved one is not an import, e.g. {@code String}). The file provides {@code java:<pkg>.<Stem>}
 * and {@code javapkg:<pkg>}.
 */
final class JavaImports implements ImportExtractor {
  // A statement's line start may be followed by spaces and tabs only (\s would also take line breaks): with \s*
  // every line start in a blanked licence header scanned to the header's end, quadratic in its size (1.7 CPU-s of
  // a 2,840-file Java tree went here). Each statement is still found, from the start of its own line.
  static final Pattern PACKAGE = Pattern.compile("(?m)^[ \\t\\x0B\\f]*package\\s+([\\w.]+)\\s*;");
  static final Pattern IMPORT =
      Pattern.compile("(?m)^[ \\t\\x0B\\f]*import\\s+(static\\s+)?([\\w.]+?)(\\.\\*)?\\s*;");
  static final Pattern TYPE_NAME = Pattern.compile("\\b[A-Z][A-Za-z0-9_]*\\b");

  @Override
  public FileImports extract(String path, String text, ProjectFiles project) {
    String code = SourceText.strip(text, true, false);
    Matcher pkg = PACKAGE.matcher(code);
    String packageName = SourceText.findStatement(pkg, code, "package", 0, SourceText.BLANK) ? pkg.group(1) : "";
    String file = path.substring(path.lastIndexOf('/') + 1);
    String stem = file.endsWith(".java") ? file.substring(0, file.length() - 5) : file;
    List<String> provides = List.of("java:" + qualify(packageName, stem), "javapkg:" + packageName);
    List<ImportRef> imports = new ArrayList<>();
    Set<String> importedNames = new LinkedHashSet<>();
    Matcher m = IMPORT.matcher(code);
    int bodyStart = 0;
    while (SourceText.findStatement(m, code, "import", bodyStart, SourceText.BLANK)) {
      bodyStart = m.end();
      boolean isStatic = m.group(1) != null;
      String name = m.group(2);
      boolean wildcard = m.group(3) != null;
      String spec = name + (wildcard ? ".*" : "");
      List<String> candidates = new ArrayList<>();
      if (wildcard && !isStatic) {
        candidates.add("javapkg:" + name);
      }
      // a static import names a member: its type is the name without the last part
      String type = isStatic && !wildcard ? name.substring(0, Math.max(0, name.lastIndexOf('.'))) : name;
      candidates.addAll(typeCandidates(type));
      if (!wildcard && !isStatic) {
        importedNames.add(name.substring(name.lastIndexOf('.') + 1));
      }
      imports.add(ImportRef.of(spec, candidates));
    }
    Set<String> referenced = new LinkedHashSet<>();
    referenced.addAll(typeNames(code.substring(bodyStart)));
    referenced.remove(stem);
    referenced.removeAll(importedNames);
    for (String name : referenced) {
      imports.add(new ImportRef(name, List.of("java:" + qualify(packageName, name)), true));
    }
    return new FileImports(provides, imports);
  }

  /**
   * The matches of {@link #TYPE_NAME} in {@code body}, in order, as {@code find()} gives them: every match starts
   * with a capital letter, so the pattern is tried only there (transparent bounds let its {@code \\b} see the letter
   * before) instead of at every position, where a word boundary's test costs two Character classifications.
   */
  static List<String> typeNames(String body) {
    List<String> names = new ArrayList<>();
    Matcher name = TYPE_NAME.matcher(body).useTransparentBounds(true);
    int length = body.length();
    for (int at = 0; at < length; at++) {
      char c = body.charAt(at);
      if (c >= 'A' && c <= 'Z') {
        name.region(at, length);
        if (name.lookingAt()) {
          names.add(name.group());
          at = name.end() - 1;
        }
      }
    }
    return names;
  }

  /** {@code a.b.C.Inner} → {@code java:a.b.C.Inner}, {@code java:a.b.C}: nested types live in their outer file. */
  private static List<String> typeCandidates(String name) {
    List<String> candidates = new ArrayList<>();
    String current = name;
    while (!current.isEmpty()) {
      String last = current.substring(current.lastIndexOf('.') + 1);
      if (last.isEmpty() || !Character.isUpperCase(last.charAt(0))) {
        break;
      }
      candidates.add("java:" + current);
      current = current.substring(0, Math.max(0, current.lastIndexOf('.')));
    }
    return candidates;
  }

  private static String qualify(String packageName, String name) {
    return packageName.isEmpty() ? name : packageName + "." + name;
  }
}
