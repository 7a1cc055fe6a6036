package dev.weft.bench.eval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A labelled set in BEIR's layout: {@code queries.jsonl} ({@code {"_id","text"}}), {@code qrels.tsv} (with its
 * header) and the corpus, either a dataset of records (judged by record id: {@code corpus.jsonl}, or the same
 * records as {@code corpus.parquet} or {@code corpus.avro}) or a {@code tree/} of source files (judged by
 * {@code path#symbol}).
 *
 * @param name the folder's name, used in reports
 * @param layout which corpus the set has
 * @param corpus the corpus dataset file or the {@code tree/} directory
 * @param queries in file order
 * @param qrels the judgments
 */
public record BeirSet(String name, Layout layout, Path corpus, List<Query> queries, Qrels qrels) {
  public static final String QUERIES = "queries.jsonl";
  public static final String QRELS = "qrels.tsv";
  /** The corpus file names a set may have, one format each ({@code DatasetRecords} reads all three). */
  public static final List<String> CORPORA = List.of("corpus.jsonl", "corpus.parquet", "corpus.avro");
  public static final String TREE = "tree";

  private static final ObjectMapper JSON = new ObjectMapper();

  public BeirSet {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(layout, "layout");
    Objects.requireNonNull(corpus, "corpus");
    Objects.requireNonNull(qrels, "qrels");
    queries = List.copyOf(queries);
  }

  /** Where the documents are. */
  public enum Layout {
    /** {@code corpus.jsonl} (or {@code .parquet}, {@code .avro}): each record is one judged item, a {@code doc}. */
    CORPUS,
    /** {@code tree/}: source files, judged per chunk ({@code path#symbol}) and per file. */
    TREE
  }

  /** One query of the set. */
  public record Query(String id, String text) {
    public Query {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(text, "text");
    }
  }

  /** Reads a set folder; every error names the file, the line and the rule. */
  public static BeirSet load(Path dir) {
    Path root = dir.toAbsolutePath().normalize();
    if (!Files.isDirectory(root)) {
      throw new IllegalArgumentException("a BEIR set must be a directory, got: " + dir);
    }
    List<String> found = new ArrayList<>();
    for (String corpus : CORPORA) {
      if (Files.isRegularFile(root.resolve(corpus))) {
        found.add(corpus);
      }
    }
    Path tree = root.resolve(TREE);
    boolean hasTree = Files.isDirectory(tree);
    if (hasTree) {
      found.add(TREE + "/");
    }
    if (found.size() != 1) {
      throw new IllegalArgumentException("a BEIR set must have exactly one of " + String.join(", ", CORPORA)
          + " or " + TREE + "/, got " + (found.isEmpty() ? "none" : String.join(" and ", found)) + " in: " + root);
    }
    boolean hasCorpus = !hasTree;
    Path queriesFile = require(root.resolve(QUERIES));
    Path qrelsFile = require(root.resolve(QRELS));
    Path name = root.getFileName();
    return new BeirSet(name == null ? root.toString() : name.toString(), hasCorpus ? Layout.CORPUS : Layout.TREE,
        hasCorpus ? root.resolve(found.get(0)) : tree, readQueries(queriesFile), Qrels.read(qrelsFile));
  }

  private static Path require(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("a BEIR set must have " + file.getFileName() + ", missing: " + file);
    }
    return file;
  }

  static List<Query> readQueries(Path file) {
    List<Query> queries = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      int lineNumber = 0;
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        lineNumber++;
        if (line.isBlank()) {
          continue;
        }
        Query query = parseQuery(line, file + " line " + lineNumber);
        if (!ids.add(query.id())) {
          throw new IllegalArgumentException(file + " line " + lineNumber
              + ": query ids must be unique, got a second query with _id: " + query.id());
        }
        queries.add(query);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read queries " + file, e);
    }
    return queries;
  }

  private static Query parseQuery(String line, String where) {
    JsonNode node;
    try {
      node = JSON.readTree(line);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(where + ": each line must be a JSON object, got: " + e.getOriginalMessage());
    }
    JsonNode id = node == null ? null : node.get("_id");
    if (id == null || !id.isValueNode() || id.asText().isBlank()) {
      throw new IllegalArgumentException(where + ": each query must have a non-blank _id, got: " + abbreviate(line));
    }
    JsonNode text = node.get("text");
    if (text == null || !text.isTextual()) {
      throw new IllegalArgumentException(where + ": query text must be a string, got: "
          + (text == null ? "none" : text.getNodeType()) + " for _id " + id.asText());
    }
    return new Query(id.asText(), text.asText());
  }

  private static String abbreviate(String line) {
    return line.length() <= 80 ? line : line.substring(0, 80) + "...";
  }
}
