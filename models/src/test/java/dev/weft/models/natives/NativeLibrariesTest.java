package dev.weft.models.natives;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.models.natives.NativeLibraries.Library;
import dev.weft.models.natives.NativeLibraries.Platform;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NativeLibrariesTest {
  @TempDir Path temp;

  @Test
  void aSecondUnpackFindsTheFirstAndARacingOneLeavesNoStagingBehind() throws IOException {
    ClassLoader loader = getClass().getClassLoader();
    List<Library> libraries = List.of(new Library("dev/weft/models/natives/NativeLibrariesTest.class",
        "lib/probe.bin"));
    Path first = NativeLibraries.unpack(temp, "probe", libraries, loader);
    Path again = NativeLibraries.unpack(temp, "probe", libraries, loader);

    assertThat(again).isEqualTo(first);
    assertThat(first.resolve("lib/probe.bin")).exists();
    assertThat(listing(temp)).containsExactly(temp.relativize(first.resolve("lib/probe.bin")).toString());
  }

  @Test
  void theCacheRootFollowsWeftThenXdgThenHome() {
    assertThat(NativeLibraries.cacheRoot("/p", Map.of("WEFT_CACHE_DIR", "/w"))).isEqualTo(Path.of("/p/natives"));
    assertThat(NativeLibraries.cacheRoot(null, Map.of("WEFT_CACHE_DIR", "/w", "XDG_CACHE_HOME", "/x")))
        .isEqualTo(Path.of("/w/natives"));
    assertThat(NativeLibraries.cacheRoot(null, Map.of("XDG_CACHE_HOME", "/x"))).isEqualTo(Path.of("/x/weft/natives"));
    assertThat(NativeLibraries.cacheRoot(null, Map.of()))
        .isEqualTo(Path.of(System.getProperty("user.home"), ".cache", "weft", "natives"));
  }

  @Test
  void platformNamesAreTheOnesTheJarsUse() {
    assertThat(Platform.of("Linux", "amd64")).contains(new Platform("x86_64-linux-gnu", "linux-x64", "Linux/x86_64", "lib", "so"));
    assertThat(Platform.of("Mac OS X", "aarch64"))
        .contains(new Platform("aarch64-macos", "osx-aarch64", "Mac/aarch64", "lib", "dylib"));
    assertThat(Platform.of("Windows 11", "amd64")).isEmpty();
    assertThat(Platform.of("Linux", "riscv64")).isEmpty();
  }

  /** Every file and empty directory under {@code dir}, relative, sorted. */
  private static List<String> listing(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      return paths.filter(path -> !path.equals(dir))
          .filter(path -> !Files.isDirectory(path) || path.toFile().list().length == 0)
          .map(path -> dir.relativize(path).toString().replace(File.separatorChar, '/'))
          .sorted()
          .toList();
    }
  }
}
