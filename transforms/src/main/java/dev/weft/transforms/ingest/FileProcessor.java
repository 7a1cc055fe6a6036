package dev.weft.transforms.ingest;

import dev.weft.context.Chunk;
import dev.weft.context.DeadLetter;
import dev.weft.context.IngestCounters;
import dev.weft.context.SourceDocument;
import dev.weft.transforms.chunk.Chunkers;
import dev.weft.transforms.graph.ImportExtractors;
import dev.weft.transforms.graph.ProjectFiles;
import dev.weft.transforms.route.Route;
import dev.weft.transforms.route.Router;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The unit of ingest work both executors run: route, read, chunk one file. Plain and serializable so the
 * in-process executor and the Beam {@code ReadAndChunkFiles} transform call the very same code.
 */
public final class FileProcessor implements Serializable {
  private final String root;
  private final Router router;
  private final SourceReader reader;
  private final String stamp;
  private final ProjectFiles project;

  /**
   * @param stamp the ingest stamp every item's state records (chunkers and analysis versions), given by whoever
   *     assembles the ingest: this module does not know the index's half of it
   */
  public FileProcessor(String root, Router router, SourceReader reader, String stamp) {
    this.root = Objects.requireNonNull(root, "root");
    this.router = Objects.requireNonNull(router, "router");
    this.reader = Objects.requireNonNull(reader, "reader");
    this.stamp = requireStamp(stamp);
    this.project = new ProjectFiles(root);
  }

  public FileOutcome process(String relPath) {
    Route route = router.route(relPath).orElse(null);
    if (route == null) {
      return new FileOutcome.Refused(new DeadLetter(relPath, "route", IngestCounters.ERRORS,
          "extension must be one of " + router.extensions() + ", got: " + relPath));
    }
    ReadOutcome read = reader.read(Path.of(root), relPath, route);
    if (read instanceof ReadOutcome.Refused refused) {
      return new FileOutcome.Refused(refused.deadLetter());
    }
    SourceDocument doc = ((ReadOutcome.Read) read).document();
    FileOutcome outcome = chunk(doc, stamp);
    if (outcome instanceof FileOutcome.Chunked chunked && ImportExtractors.handles(doc.format())) {
      return withImports(chunked, doc);
    }
    return outcome;
  }

  /** The file's imports for the code graph, extracted from the text just read (graph.md). */
  private FileOutcome withImports(FileOutcome.Chunked chunked, SourceDocument doc) {
    try {
      return chunked.withImports(ImportExtractors.extract(doc.format(), doc.path(), doc.text(), project));
    } catch (RuntimeException e) {
      // extractors promise not to throw, as chunkers do; if one does, the file is dead-lettered with the cause
      return new FileOutcome.Refused(new DeadLetter(doc.path(), "graph", IngestCounters.ERRORS,
          "import extractor for format " + doc.format() + " failed: " + e));
    }
  }

  /**
   * Chunks a document already read (also the entry point for dataset records).
   *
   * @param stamp the ingest stamp its state records
   */
  public static FileOutcome chunk(SourceDocument doc, String stamp) {
    List<Chunk> chunks;
    try {
      chunks = Chunkers.forFormat(doc.format()).chunk(doc);
    } catch (RuntimeException e) {
      // Chunkers promise not to throw; if one does, the file is dead-lettered with the cause, never dropped.
      return new FileOutcome.Refused(new DeadLetter(doc.path(), "chunk", IngestCounters.ERRORS,
          "chunker for format " + doc.format() + " failed: " + e));
    }
    return new FileOutcome.Chunked(doc.state(stamp, chunks.size()), chunks);
  }

  /** The stamp, refused when blank: an item stored without one would be re-chunked on every run. */
  public static String requireStamp(String stamp) {
    if (stamp == null || stamp.isBlank()) {
      throw new IllegalArgumentException("ingest stamp must be non-blank, got: "
          + (stamp == null ? "null" : "\"" + stamp + "\""));
    }
    return stamp;
  }
}
