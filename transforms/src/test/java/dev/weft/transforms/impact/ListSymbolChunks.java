package dev.weft.transforms.impact;

import dev.weft.context.Chunk;
import dev.weft.context.ContentHash;
import dev.weft.context.Kind;
import dev.weft.context.SourceDocument;
import dev.weft.context.impact.SymbolChunks;
import dev.weft.transforms.chunk.Chunkers;
import dev.weft.transforms.route.Route;
import dev.weft.transforms.route.Router;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A tree's code chunks, made by the real chunkers, answering as the index does: definitions by exact symbol, and
 * a superset of mentions (any chunk holding the name in any case), so the analyzer's own narrowing is tested.
 */
final class ListSymbolChunks implements SymbolChunks {
  static final Path IMPACT_CORPUS = Path.of("../testdata/impact-corpus").toAbsolutePath().normalize();
  static final Path IMPACT_GO = Path.of("../testdata/impact-go").toAbsolutePath().normalize();

  private final List<Chunk> chunks;

  ListSymbolChunks(List<Chunk> chunks) {
    this.chunks = List.copyOf(chunks);
  }

  /** Every code file under {@code root}, chunked as ingest chunks it. */
  static ListSymbolChunks of(Path root) throws IOException {
    Router router = Router.defaults();
    List<Chunk> chunks = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
        String path = root.relativize(file).toString().replace('\\', '/');
        Optional<Route> route = router.route(path);
        if (route.isEmpty() || route.get().kind() != Kind.CODE) {
          continue;
        }
        byte[] bytes = Files.readAllBytes(file);
        SourceDocument doc = new SourceDocument(path, Kind.CODE, route.get().format(),
            new String(bytes, StandardCharsets.UTF_8), ContentHash.of(bytes), 0, bytes.length);
        chunks.addAll(Chunkers.forFormat(doc.format()).chunk(doc));
      }
    }
    return new ListSymbolChunks(chunks);
  }

  @Override
  public List<Chunk> defining(String name) {
    return sorted(chunks.stream().filter(chunk -> name.equals(chunk.symbol())));
  }

  @Override
  public List<Chunk> mentioning(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    return sorted(chunks.stream().filter(chunk -> chunk.text().toLowerCase(Locale.ROOT).contains(lower)));
  }

  private static List<Chunk> sorted(Stream<Chunk> chunks) {
    return chunks.sorted(Comparator.comparing(Chunk::path).thenComparingInt(Chunk::startLine)).toList();
  }
}
