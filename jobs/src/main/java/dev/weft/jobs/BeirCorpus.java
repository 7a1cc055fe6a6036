package dev.weft.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a BEIR {@code corpus.jsonl} ({@code _id}, {@code title}, {@code text}). */
final class BeirCorpus {
  private static final ObjectMapper JSON = new ObjectMapper();

  private BeirCorpus() {}

  /** Writes each document as {@code <_id>.md} (title as a heading, then the text); returns how many. */
  static int writeMarkdownFiles(Path corpusJsonl, Path dir) throws IOException {
    int count = 0;
    try (BufferedReader in = Files.newBufferedReader(corpusJsonl, StandardCharsets.UTF_8)) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.isBlank()) {
          continue;
        }
        JsonNode doc = JSON.readTree(line);
        String id = doc.path("_id").asText();
        if (id.isEmpty()) {
          throw new IllegalArgumentException("every corpus.jsonl record must have an _id, got line: " + line);
        }
        String title = doc.path("title").asText("");
        String body = (title.isBlank() ? "" : "# " + title + "\n\n") + doc.path("text").asText("") + "\n";
        Files.writeString(dir.resolve(id.replaceAll("[^A-Za-z0-9._-]", "_") + ".md"), body);
        count++;
      }
    }
    return count;
  }
}
