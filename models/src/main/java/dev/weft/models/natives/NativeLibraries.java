package dev.weft.models.natives;

import dev.weft.context.ScratchDirs;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.stream.Stream;

/**
 * Unpacks the JNI libraries of tree-sitter and onnxruntime once per user into a content-keyed cache directory and
 * points each library's loader at it. Left alone, both copy their libraries into {@code java.io.tmpdir} on every
 * start: tree-sitter's copies (~2.3 MB) are deleted only on a clean exit, so every killed JVM leaves them, and
 * onnxruntime leaves an {@code onnxruntime-java*} directory behind on every start.
 *
 * <p>The cache is {@code $WEFT_CACHE_DIR/natives}, else {@code $XDG_CACHE_HOME/weft/natives}, else {@code
 * ~/.cache/weft/natives} (the system property {@code weft.cache.dir} overrides all three). Each set of libraries
 * goes into a directory named by a fingerprint of their bytes (the jar entries' CRC and size, so nothing is
 * decompressed to check), written under a temporary name and published by one atomic rename: concurrent
 * processes either see a complete directory or race to rename theirs, and the loser deletes its copy. A library
 * whose property the user already set, a platform without a bundled library, or a cache that cannot be written
 * leaves the library's own loader to do as it always did.
 *
 * <p>It lives in models, the lower of its two users: onnxruntime loads here, tree-sitter in transforms' chunkers.
 */
public final class NativeLibraries {
  /** tree-sitter's loader takes a library from {@code <this dir>/lib/<platform>-<name>.<ext>} when it exists. */
  static final String TREE_SITTER_PROPERTY = "tree-sitter-lib";
  /** onnxruntime's loader takes {@code libonnxruntime.so} and its JNI library from this directory. */
  static final String ONNXRUNTIME_PROPERTY = "onnxruntime.native.path";
  /** snappy-java (Beam's compression) loads {@code libsnappyjava.<ext>} from this directory when it exists there. */
  static final String SNAPPY_PROPERTY = "org.xerial.snappy.lib.path";

  /**
   * Where transforms' build puts the tree-sitter runtime and grammars it compiles at -O2 (the ones bonede ships are
   * debug builds, 2.4x slower to parse: ingest.md, "Tree-sitter natives"); each is taken instead of bonede's library
   * of the same name when on the class path.
   */
  static final String OPTIMIZED_TREE_SITTER = "dev/weft/natives/tree-sitter/";

  private static final String[] TREE_SITTER_LIBRARIES = {"tree-sitter", "tree-sitter-java", "tree-sitter-python",
      "tree-sitter-javascript", "tree-sitter-typescript", "tree-sitter-go"};
  private static final String[] ONNXRUNTIME_LIBRARIES = {"onnxruntime", "onnxruntime4j_jni"};

  private static boolean treeSitterDone;
  private static boolean onnxRuntimeDone;
  private static boolean snappyDone;

  private NativeLibraries() {}

  /** Call before the first tree-sitter class loads its library; cheap after the first call. */
  public static synchronized void prepareTreeSitter() {
    if (!treeSitterDone) {
      treeSitterDone = true;
      Platform.current().ifPresent(platform -> {
        ClassLoader loader = NativeLibraries.class.getClassLoader();
        List<Library> libraries = Stream.of(TREE_SITTER_LIBRARIES)
            .map(name -> {
              String file = "lib/" + platform.treeSitter() + "-" + name + "." + platform.extension();
              String optimized = OPTIMIZED_TREE_SITTER + platform.treeSitter() + "-" + name + "." + platform.extension();
              return new Library(loader.getResource(optimized) != null ? optimized : file, file);
            })
            .toList();
        pointAt(TREE_SITTER_PROPERTY, "tree-sitter", libraries);
      });
    }
  }

  /** Call before the first {@code OrtEnvironment}; cheap after the first call. */
  public static synchronized void prepareOnnxRuntime() {
    if (!onnxRuntimeDone) {
      onnxRuntimeDone = true;
      Platform.current().ifPresent(platform -> {
        List<Library> libraries = Stream.of(ONNXRUNTIME_LIBRARIES)
            .map(name -> new Library("ai/onnxruntime/native/" + platform.onnxRuntime() + "/" + platform.prefix()
                + name + "." + platform.extension(), platform.prefix() + name + "." + platform.extension()))
            .toList();
        pointAt(ONNXRUNTIME_PROPERTY, "onnxruntime", libraries);
      });
    }
  }

  /**
   * Call before a Beam pipeline runs: snappy-java otherwise unpacks its library into the temp dir under a fresh name
   * in every process and deletes it only on a clean exit, so each killed run left 281 KB behind (the chaos suite's
   * leak scan found them).
   */
  public static synchronized void prepareSnappy() {
    if (!snappyDone) {
      snappyDone = true;
      Platform.current().ifPresent(platform -> {
        String file = "libsnappyjava." + platform.extension();
        pointAt(SNAPPY_PROPERTY, "snappy",
            List.of(new Library("org/xerial/snappy/native/" + platform.snappy() + "/" + file, file)));
      });
    }
  }

  /**
   * Call after the first {@code OrtEnvironment}: onnxruntime makes an {@code onnxruntime-java*} directory in the
   * temp dir on every start, even when it loads from {@value #ONNXRUNTIME_PROPERTY}, and only asks for it to be
   * deleted on exit — which a killed JVM never reaches (and a clean one fails when it deletes the directory
   * before the libraries unpacked into it). Loaded from the cache it stays empty, so it goes now.
   */
  public static synchronized void onnxRuntimeLoaded() {
    try {
      Field field = Class.forName("ai.onnxruntime.OnnxRuntime").getDeclaredField("tempDirectory");
      field.setAccessible(true);
      if (field.get(null) instanceof Path dir && dir.getFileName().toString().startsWith("onnxruntime-java")) {
        Files.deleteIfExists(dir); // refuses a directory that is not empty: nothing in use is removed
      }
    } catch (ReflectiveOperationException | RuntimeException | IOException e) {
      // another onnxruntime version, or files in the directory: it stays, as it always did
      System.getLogger(NativeLibraries.class.getName()).log(System.Logger.Level.DEBUG,
          "cannot remove onnxruntime's temporary directory", e);
    }
  }

  private static void pointAt(String property, String name, List<Library> libraries) {
    if (System.getProperty(property) != null) {
      return; // the user's choice stands
    }
    ClassLoader loader = NativeLibraries.class.getClassLoader();
    if (libraries.stream().anyMatch(library -> loader.getResource(library.resource()) == null)) {
      return; // not bundled for this platform: the library's own loader reports it
    }
    try {
      System.setProperty(property, unpack(cacheRoot(), name, libraries, loader).toString());
    } catch (IOException | UncheckedIOException | SecurityException e) {
      // a read-only home or a full disk must not stop a run: the library unpacks into the temp dir as before
      System.getLogger(NativeLibraries.class.getName()).log(System.Logger.Level.DEBUG,
          "cannot cache the " + name + " native libraries, leaving them to the library's loader", e);
    }
  }

  /** Where the per-user cache lives (see the class comment). */
  static Path cacheRoot() {
    return cacheRoot(System.getProperty("weft.cache.dir"), System.getenv());
  }

  static Path cacheRoot(String property, Map<String, String> env) {
    if (property != null && !property.isBlank()) {
      return Path.of(property, "natives");
    }
    String weft = env.get("WEFT_CACHE_DIR");
    if (weft != null && !weft.isBlank()) {
      return Path.of(weft, "natives");
    }
    String xdg = env.get("XDG_CACHE_HOME");
    if (xdg != null && !xdg.isBlank()) {
      return Path.of(xdg, "weft", "natives");
    }
    return Path.of(System.getProperty("user.home"), ".cache", "weft", "natives");
  }

  /**
   * The directory holding {@code libraries} under {@code root}, unpacking them first when no process did yet.
   *
   * @return {@code root/<name>-<fingerprint>}, complete
   */
  static Path unpack(Path root, String name, List<Library> libraries, ClassLoader loader) throws IOException {
    Path target = root.resolve(name + "-" + fingerprint(libraries, loader));
    if (Files.isDirectory(target)) {
      return target;
    }
    Files.createDirectories(root);
    Path staging = Files.createTempDirectory(root, "." + name + "-unpacking-");
    try {
      for (Library library : libraries) {
        Path file = staging.resolve(library.fileName());
        Files.createDirectories(file.getParent());
        try (InputStream in = loader.getResource(library.resource()).openStream()) {
          Files.copy(in, file);
        }
      }
      Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
      // another process published the same libraries first: theirs are identical, ours go
      ScratchDirs.delete(staging);
    } catch (IOException | RuntimeException e) {
      ScratchDirs.delete(staging);
      if (!Files.isDirectory(target)) {
        throw e;
      }
    }
    return target;
  }

  /** SHA-256 over each library's name, size and CRC as its jar records them (its bytes outside a jar). */
  static String fingerprint(List<Library> libraries, ClassLoader loader) throws IOException {
    MessageDigest digest = sha256();
    for (Library library : libraries) {
      digest.update(library.fileName().getBytes(StandardCharsets.UTF_8));
      URL url = loader.getResource(library.resource());
      URLConnection connection = url.openConnection();
      JarEntry entry = connection instanceof JarURLConnection jar ? jar.getJarEntry() : null;
      if (entry != null && entry.getCrc() >= 0 && entry.getSize() >= 0) {
        digest.update((":" + entry.getSize() + ":" + entry.getCrc() + "\n").getBytes(StandardCharsets.UTF_8));
      } else {
        try (InputStream in = connection.getInputStream()) {
          digest.update(in.readAllBytes());
        }
      }
    }
    return HexFormat.of().formatHex(digest.digest(), 0, 8);
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  /**
   * One library to unpack.
   *
   * @param resource its class-path resource name
   * @param fileName its path under the unpacked directory, as the library's loader looks for it
   */
  record Library(String resource, String fileName) {}

  /** The platform names each library's jar uses. */
  record Platform(String treeSitter, String onnxRuntime, String snappy, String prefix, String extension) {
    static Optional<Platform> current() {
      return of(System.getProperty("os.name", ""), System.getProperty("os.arch", ""));
    }

    static Optional<Platform> of(String osName, String osArch) {
      String os = osName.toLowerCase(Locale.ROOT);
      String arch = osArch.toLowerCase(Locale.ROOT);
      String cpu = arch.equals("amd64") || arch.equals("x86_64") ? "x86_64" : arch.equals("aarch64") ? "aarch64" : null;
      if (cpu == null) {
        return Optional.empty();
      }
      String ortCpu = cpu.equals("x86_64") ? "x64" : "aarch64";
      if (os.contains("linux")) {
        return Optional.of(new Platform(cpu + "-linux-gnu", "linux-" + ortCpu, "Linux/" + cpu, "lib", "so"));
      }
      if (os.contains("mac")) {
        return Optional.of(new Platform(cpu + "-macos", "osx-" + ortCpu, "Mac/" + cpu, "lib", "dylib"));
      }
      return Optional.empty(); // Windows keeps the libraries' own loaders
    }
  }
}
