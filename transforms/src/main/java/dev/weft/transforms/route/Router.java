package dev.weft.transforms.route;

import dev.weft.transforms.chunk.Formats;
import java.io.Serializable;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Routes a corpus path to a {@link Route} by its extension alone (case-insensitive), so routing never reads the
 * file and both executors agree. Immutable; {@link #withExtensions} returns a narrowed copy.
 *
 * <p>The table is the {@link Formats} registry's: each format's extensions, and its opt-in ones ({@code .jsx},
 * {@code .mts}, {@code .cts}, {@code .pyi}: the same grammar) that a user names with {@code withExtensions}.
 */
public final class Router implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Every extension with a known format; the defaults are a subset. Keys are lower case with a leading dot. */
  private static final Map<String, Route> KNOWN = known();

  /** Sorted so {@link #extensions()} and error messages are deterministic. */
  private final TreeMap<String, Route> routes;

  private Router(Map<String, Route> routes) {
    this.routes = new TreeMap<>(routes);
  }

  /** The registry's default extensions ({@link Formats#defaultExtensions()}). */
  public static Router defaults() {
    Map<String, Route> routes = new LinkedHashMap<>();
    for (String ext : Formats.defaultExtensions()) {
      routes.put(ext, KNOWN.get(ext));
    }
    return new Router(routes);
  }

  /**
   * A router that accepts exactly {@code extensions} (each like {@code .java} or {@code java}, any case).
   *
   * @throws IllegalArgumentException when the collection is empty, an entry is blank, or an extension has no
   *     known format
   */
  public Router withExtensions(Collection<String> extensions) {
    Objects.requireNonNull(extensions, "extensions");
    if (extensions.isEmpty()) {
      throw new IllegalArgumentException("extensions must not be empty, got: []");
    }
    Map<String, Route> chosen = new LinkedHashMap<>();
    for (String raw : extensions) {
      String ext = normalize(raw);
      Route route = KNOWN.get(ext);
      if (route == null) {
        throw new IllegalArgumentException("extension has no known format: " + ext);
      }
      chosen.put(ext, route);
    }
    return new Router(chosen);
  }

  /** The route for {@code path} by its extension, or empty when the extension is not accepted. */
  public Optional<Route> route(String path) {
    Objects.requireNonNull(path, "path");
    int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
    int dot = path.lastIndexOf('.');
    // A leading dot names a hidden file (".gitignore"), not an extension.
    if (dot <= slash + 1 || dot == path.length() - 1) {
      return Optional.empty();
    }
    return Optional.ofNullable(routes.get(path.substring(dot).toLowerCase(Locale.ROOT)));
  }

  /** The accepted extensions, lower case with a leading dot, sorted. */
  public Set<String> extensions() {
    return Collections.unmodifiableSet(routes.navigableKeySet());
  }

  private static String normalize(String raw) {
    if (raw == null || raw.isBlank()) {
      throw new IllegalArgumentException("extension must not be blank, got: '" + raw + "'");
    }
    String ext = raw.trim().toLowerCase(Locale.ROOT);
    return ext.startsWith(".") ? ext : "." + ext;
  }

  private static Map<String, Route> known() {
    Map<String, Route> m = new LinkedHashMap<>();
    Formats.byExtension().forEach((ext, format) -> m.put(ext, new Route(format.kind(), format.id())));
    return Collections.unmodifiableMap(m);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Router other && routes.equals(other.routes);
  }

  @Override
  public int hashCode() {
    return routes.hashCode();
  }

  @Override
  public String toString() {
    return "Router" + routes.keySet();
  }
}
