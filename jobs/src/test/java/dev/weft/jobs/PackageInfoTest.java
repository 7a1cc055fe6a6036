package dev.weft.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every main package of every module says what it is (docs/design.md): a {@code package-info.java} with a Javadoc,
 * whose {@code {@link}}s to Weft's own code name classes that exist (javac does not check them; javadoc would only
 * warn). Read from the source trees of the modules the reactor's pom lists, found from the working directory upward,
 * so it holds the same whether Maven runs from the root or with {@code -pl jobs}. Lives in jobs beside
 * {@link LayeringTest} because jobs is the module that sees them all.
 */
class PackageInfoTest {
  private static final Pattern MODULE = Pattern.compile("<module>\\s*([^<\\s]+)\\s*</module>");
  private static final Pattern LINK = Pattern.compile("\\{@link(?:plain)?\\s+([^\\s}]+)");
  private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");

  private static Path root;
  private static List<Path> sourceRoots;
  /** Package name → its directories (one per module that has it; normally one). */
  private static final TreeMap<String, List<Path>> packages = new TreeMap<>();

  @BeforeAll
  static void findPackages() throws IOException {
    root = reactorRoot();
    sourceRoots = new ArrayList<>();
    Matcher modules = MODULE.matcher(Files.readString(root.resolve("pom.xml")));
    while (modules.find()) {
      Path sources = root.resolve(modules.group(1)).resolve("src/main/java");
      if (Files.isDirectory(sources)) {
        sourceRoots.add(sources);
      }
    }
    assertThat(sourceRoots).as("main source trees under %s", root).hasSizeGreaterThan(5);
    for (Path sources : sourceRoots) {
      try (Stream<Path> files = Files.walk(sources)) {
        files.filter(f -> f.toString().endsWith(".java")).map(Path::getParent).distinct().forEach(dir ->
            packages.computeIfAbsent(sources.relativize(dir).toString().replace('/', '.'), p -> new ArrayList<>())
                .add(dir));
      }
    }
  }

  @Test
  void everyMainPackageHasAPackageInfo() {
    TreeSet<String> missing = new TreeSet<>();
    packages.forEach((name, dirs) -> dirs.stream().filter(dir -> !Files.isRegularFile(dir.resolve("package-info.java")))
        .forEach(dir -> missing.add(name + " (" + root.relativize(dir) + ")")));
    assertThat(missing).as("packages without a package-info.java: write one (what the package is for, the class to"
        + " read first, what it may import; docs/design.md)").isEmpty();
  }

  @Test
  void everyPackageInfoIsAJavadocWhoseLinksResolve() throws IOException {
    List<String> problems = new ArrayList<>();
    for (List<Path> dirs : packages.values()) {
      for (Path dir : dirs) {
        Path info = dir.resolve("package-info.java");
        if (!Files.isRegularFile(info)) {
          continue; // reported by everyMainPackageHasAPackageInfo
        }
        String text = Files.readString(info);
        Matcher pkg = PACKAGE.matcher(text);
        if (!pkg.find() || text.indexOf("/**") < 0 || text.indexOf("/**") > pkg.start()) {
          problems.add(root.relativize(info) + ": no Javadoc before the package declaration");
          continue;
        }
        Matcher link = LINK.matcher(text.substring(0, pkg.start()));
        while (link.find()) {
          String unresolved = unresolved(link.group(1), pkg.group(1));
          if (unresolved != null) {
            problems.add(root.relativize(info) + ": {@link " + link.group(1) + "}: " + unresolved);
          }
        }
      }
    }
    assertThat(problems).isEmpty();
  }

  /** Null when a link target resolves (or is not Weft's own code), else why not. */
  private static String unresolved(String target, String ownPackage) throws IOException {
    int hash = target.indexOf('#');
    String type = hash < 0 ? target : target.substring(0, hash);
    String member = hash < 0 ? null : target.substring(hash + 1).replaceAll("\\(.*", "");
    if (type.isEmpty()) {
      return "no type named";
    }
    if (!type.contains(".") && Character.isUpperCase(type.charAt(0))) {
      type = ownPackage + "." + type;
    }
    if (!type.startsWith("dev.weft.")) {
      return null; // the JDK and libraries: javadoc's business
    }
    String[] parts = type.split("\\.");
    int firstType = 0;
    while (firstType < parts.length && !Character.isUpperCase(parts[firstType].charAt(0))) {
      firstType++;
    }
    String packageName = String.join(".", List.of(parts).subList(0, firstType));
    if (firstType == parts.length) {
      return packages.containsKey(packageName) ? null : "no such package";
    }
    Path file = sourceFile(packageName, parts[firstType]);
    if (file == null) {
      return "no source file " + packageName.replace('.', '/') + "/" + parts[firstType] + ".java in any module";
    }
    String source = Files.readString(file);
    for (int i = firstType + 1; i < parts.length; i++) {
      if (!Pattern.compile("\\b(class|interface|record|enum)\\s+" + parts[i] + "\\b").matcher(source).find()) {
        return "no nested type " + parts[i] + " in " + root.relativize(file);
      }
    }
    if (member != null && !member.isEmpty() && !Pattern.compile("\\b" + Pattern.quote(member) + "\\b").matcher(source)
        .find()) {
      return "no member " + member + " in " + root.relativize(file);
    }
    return null;
  }

  private static Path sourceFile(String packageName, String typeName) {
    for (Path sources : sourceRoots) {
      Path file = sources.resolve(packageName.replace('.', '/')).resolve(typeName + ".java");
      if (Files.isRegularFile(file)) {
        return file;
      }
    }
    return null;
  }

  /** The directory whose pom lists this module: the working directory (a module's, under surefire) or above it. */
  private static Path reactorRoot() throws IOException {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path pom = dir.resolve("pom.xml");
      if (Files.isRegularFile(pom) && Files.readString(pom).contains("<module>jobs</module>")) {
        return dir;
      }
    }
    throw new IllegalStateException("no reactor pom listing <module>jobs</module> at or above "
        + Path.of("").toAbsolutePath());
  }
}
