package dev.weft.index;

import dev.weft.context.graph.FileImports;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;

/**
 * The code graph's storage: one {@code edges} document per code file, written in the same block as the file's
 * chunks and state (so an edit, a delete, a rollback or a generation carries its edges exactly as its chunks), with
 * the file's {@link FileImports} unresolved, as stored JSON. Resolution against the rest of the generation happens
 * when the graph is read ({@link GraphReader}): a file added later resolves an earlier file's import without
 * rewriting the earlier file.
 */
final class EdgeDocuments {
  static final String EDGES = "edges";
  /** Stored path of an edge document (the {@code path} term deletes it with the file; this reads it back). */
  static final String GRAPH_PATH = "graph_path";
  static final String IMPORTS = "graph_imports";

  private EdgeDocuments() {}

  static Document edgeDocument(String path, FileImports imports) {
    Document doc = new Document();
    doc.add(new StringField(ChunkDocuments.TYPE, EDGES, Field.Store.NO));
    // path: the term every document of a file carries, so deleting or replacing the file removes its edges too
    // (with the path's doc value: Lucene holds a field to one schema across documents)
    ChunkDocuments.addPath(doc, path);
    doc.add(new StoredField(GRAPH_PATH, path));
    doc.add(new StoredField(IMPORTS, imports.toJson()));
    return ChunkDocuments.withEveryTextField(doc);
  }
}
