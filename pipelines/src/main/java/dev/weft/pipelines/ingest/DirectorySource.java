package dev.weft.pipelines.ingest;

import dev.weft.transforms.ingest.PathScope;
import dev.weft.transforms.ingest.SourceReader;
import dev.weft.transforms.route.Router;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A corpus directory tree, listed git-aware and routed by extension.
 *
 * @param root the corpus root
 * @param scope the paths this pass may touch
 * @param router extension routing
 * @param maxFileBytes files above this are skipped as too large
 * @param watchListing reuse the tree's last listing while the process's watch saw nothing under it change
 *     ({@link dev.weft.transforms.ingest.ListingWatches}); false walks the tree every pass
 */
public record DirectorySource(Path root, PathScope scope, Router router, long maxFileBytes, boolean watchListing)
    implements IngestSource {
  public DirectorySource {
    Objects.requireNonNull(root, "root");
    Objects.requireNonNull(scope, "scope");
    Objects.requireNonNull(router, "router");
    IngestSettings.atLeastOne("max file bytes", maxFileBytes);
  }

  /** A source whose listing is watched between passes (the default). */
  public DirectorySource(Path root, PathScope scope, Router router, long maxFileBytes) {
    this(root, scope, router, maxFileBytes, true);
  }

  /** All of {@code root}, with the default extensions and size cap. */
  public static DirectorySource of(Path root) {
    return new DirectorySource(root, PathScope.all(), Router.defaults(), SourceReader.DEFAULT_MAX_BYTES);
  }

  @Override
  public Path location() {
    return root;
  }
}
