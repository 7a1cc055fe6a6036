package dev.weft.bench.eval;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Relevance judgments: for each query id, the graded corpus ids judged for it. Only grades above 0 are kept,
 * as trec_eval and BEIR count them: a 0 (or negative) grade means "judged, not relevant" and never adds gain.
 *
 * @param byQuery query id → (corpus id → grade ≥ 1), in file order
 */
public record Qrels(Map<String, Map<String, Integer>> byQuery) {
  /** BEIR's header line; the file must start with it so a headerless file is not read one judgment short. */
  public static final String HEADER = "query-id\tcorpus-id\tscore";

  public Qrels {
    Map<String, Map<String, Integer>> copy = new LinkedHashMap<>();
    byQuery.forEach((query, judged) -> copy.put(query, Collections.unmodifiableMap(new LinkedHashMap<>(judged))));
    byQuery = Collections.unmodifiableMap(copy);
  }

  /** The relevant corpus ids of a query with their grades; empty when it has none. */
  public Map<String, Integer> relevant(String queryId) {
    return byQuery.getOrDefault(queryId, Map.of());
  }

  /**
   * The same judgments one level up: each corpus id cut at its first {@code #} (code sets name a chunk as
   * {@code path#symbol}), a file keeping the best grade of its chunks.
   */
  public Qrels fileLevel() {
    Map<String, Map<String, Integer>> files = new LinkedHashMap<>();
    byQuery.forEach((query, judged) -> {
      Map<String, Integer> perFile = new LinkedHashMap<>();
      judged.forEach((id, grade) -> perFile.merge(pathOf(id), grade, Math::max));
      files.put(query, perFile);
    });
    return new Qrels(files);
  }

  /**
   * The same judgments under other ids, e.g. a record's id mapped to the file it was written to; an id the map
   * does not name is kept as it is (a judgment of a record the corpus lacks stays unfindable, as before).
   */
  public Qrels renamed(Map<String, String> newIds) {
    Map<String, Map<String, Integer>> renamed = new LinkedHashMap<>();
    byQuery.forEach((query, judged) -> {
      Map<String, Integer> ids = new LinkedHashMap<>();
      judged.forEach((id, grade) -> ids.merge(newIds.getOrDefault(id, id), grade, Math::max));
      renamed.put(query, ids);
    });
    return new Qrels(renamed);
  }

  /** The part of a corpus id before its first {@code #}, or the whole id when it has none. */
  static String pathOf(String corpusId) {
    int hash = corpusId.indexOf('#');
    return hash < 0 ? corpusId : corpusId.substring(0, hash);
  }

  /** Reads a BEIR {@code qrels.tsv}: the header, then {@code query-id TAB corpus-id TAB integer-score} lines. */
  public static Qrels read(Path file) {
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return parse(in, file.toString());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read qrels " + file, e);
    }
  }

  static Qrels parse(BufferedReader in, String name) throws IOException {
    String header = in.readLine();
    if (header == null || !header.strip().equals(HEADER)) {
      throw new IllegalArgumentException(name + ": the first line must be the header '"
          + HEADER.replace("\t", "\\t") + "', got: " + (header == null ? "an empty file" : "'" + header + "'"));
    }
    Map<String, Map<String, Integer>> byQuery = new LinkedHashMap<>();
    Set<String> seen = new HashSet<>();
    int lineNumber = 1;
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      lineNumber++;
      if (line.isBlank()) {
        continue;
      }
      String[] fields = line.strip().split("\t");
      String where = name + " line " + lineNumber;
      if (fields.length != 3 || fields[0].isBlank() || fields[1].isBlank()) {
        throw new IllegalArgumentException(where
            + ": a judgment must be 3 tab-separated fields (query-id, corpus-id, score), got: '" + line + "'");
      }
      int grade = grade(fields[2], where);
      Map<String, Integer> judged = byQuery.computeIfAbsent(fields[0], q -> new LinkedHashMap<>());
      if (!seen.add(fields[0] + '\t' + fields[1])) {
        throw new IllegalArgumentException(where + ": a (query-id, corpus-id) pair must be judged once, got a second "
            + "judgment of " + fields[0] + " / " + fields[1]);
      }
      if (grade > 0) {
        judged.put(fields[1], grade);
      }
    }
    return new Qrels(byQuery);
  }

  private static int grade(String field, String where) {
    try {
      return Integer.parseInt(field.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(where + ": score must be an integer, got: '" + field + "'");
    }
  }
}
