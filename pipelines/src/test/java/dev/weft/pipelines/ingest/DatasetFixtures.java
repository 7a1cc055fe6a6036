package dev.weft.pipelines.ingest;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.IndexLocation;
import dev.weft.index.CorpusIndex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** A small dataset with every kind of record an executor must treat alike, and what to compare after a run. */
final class DatasetFixtures {
  private static final ObjectMapper JSON = new ObjectMapper();

  private DatasetFixtures() {}

  /**
   * Seven lines: two plain records, a line that is not JSON, a line that is not UTF-8, a repeated id, a record
   * with empty text and no title (indexed without chunks), and a long multi-paragraph record that packs into
   * several chunks.
   */
  static Path mixedRecords(Path file) {
    List<String> lines = new ArrayList<>();
    lines.add(line("limits", "Rate limiting", "A token bucket refills at a fixed rate and each request takes a "
        + "token; rate limiting rejects a request when the bucket is empty."));
    lines.add(line("strings", "", "Strings are immutable so they can be dictionary keys."));
    lines.add("not json at all");
    lines.add(line("limits", "", "A second record with the id of the first one."));
    lines.add(line("empty", "", ""));
    lines.add(line("guide", "Operations guide", longText(30)));
    write(file, lines.subList(0, 3));
    try { // a Latin-1 byte in the middle: dead-lettered at its line, the records after it still read
      Files.write(file, "{\"_id\": \"latin\", \"text\": \"caf\u00e9\"}\n".getBytes(StandardCharsets.ISO_8859_1),
          StandardOpenOption.APPEND);
      Files.writeString(file, String.join("\n", lines.subList(3, lines.size())) + "\n", StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return file;
  }

  /** A JSON line of a record; an empty title is left out. */
  static String line(String id, String title, String text) {
    Map<String, String> record = new LinkedHashMap<>();
    record.put("_id", id);
    if (!title.isEmpty()) {
      record.put("title", title);
    }
    record.put("text", text);
    try {
      return JSON.writeValueAsString(record);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code paragraphs} paragraphs of a few sentences each, enough to fill several chunks. */
  static String longText(int paragraphs) {
    StringBuilder text = new StringBuilder();
    for (int i = 1; i <= paragraphs; i++) {
      text.append("Paragraph ").append(i).append(" of the guide explains step ").append(i)
          .append(" of running the service: the token bucket of tenant ").append(i)
          .append(" refills every second, the queue drains in order, and the operator checks the dashboard ")
          .append("before the next rollout begins.\n\n");
    }
    return text.toString().strip();
  }

  static Path write(Path file, List<String> lines) {
    try {
      Files.writeString(file, String.join("\n", lines) + "\n");
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The served generation's item states, by id, rendered with every field. */
  static Map<String, String> states(Path index) {
    try (CorpusIndex ci = CorpusIndex.openExisting(IndexLocation.of(index))) {
      Map<String, String> states = new TreeMap<>();
      ci.fileStates().forEach((id, state) -> states.put(id, state.toString()));
      return states;
    }
  }
}
