package dev.weft.pipelines.ingest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.Bits;

/** Test fixtures: the committed golden corpus, copied where a test may change it, and index dumps. */
public final class Corpora {
  /** The committed mixed corpus (Java, Python, TypeScript, Markdown, text); tests run from the module directory. */
  static final Path GOLDEN = Path.of("../testdata/golden-corpus").toAbsolutePath().normalize();

  /** The committed multi-language tree of the code graph's golden edges (graph.md). */
  static final Path GRAPH = Path.of("../testdata/graph").toAbsolutePath().normalize();

  private Corpora() {}

  public static Path copyGolden(Path target) {
    return copy(GOLDEN, target);
  }

  static Path copy(Path source, Path target) {
    try {
      try (Stream<Path> walk = Files.walk(source)) {
        for (Path p : walk.toList()) {
          Path dest = target.resolve(source.relativize(p).toString());
          if (Files.isDirectory(p)) {
            Files.createDirectories(dest);
          } else {
            Files.copy(p, dest);
          }
        }
      }
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Every live document of the index's newest commit as sorted "field=value" lines keyed by a stable
   * document key, so two indexes can be compared whatever order their documents were written in.
   */
  public static Map<String, List<String>> dump(Path indexDir) {
    Map<String, List<String>> docs = new TreeMap<>();
    try (DirectoryReader reader = DirectoryReader.open(FSDirectory.open(indexDir.resolve("lucene")))) {
      for (LeafReaderContext leaf : reader.leaves()) {
        Bits live = leaf.reader().getLiveDocs();
        StoredFields stored = leaf.reader().storedFields();
        for (int i = 0; i < leaf.reader().maxDoc(); i++) {
          if (live != null && !live.get(i)) {
            continue;
          }
          Document doc = stored.document(i);
          List<String> fields = doc.getFields().stream().map(Corpora::render).sorted().toList();
          docs.put(String.join("|", fields), fields);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return docs;
  }

  private static String render(IndexableField f) {
    Object value = f.numericValue() != null ? f.numericValue() : f.stringValue();
    if (f.name().contains("mtime")) {
      value = "<mtime>"; // copies of the corpus differ in mtime only
    }
    return f.name() + "=" + value;
  }
}
