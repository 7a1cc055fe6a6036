package dev.weft.transforms.dataset;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.DeadLetter;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Streams a JSONL dataset ({@code {"_id" | "id", "title"?, "text"}} per line, BEIR's corpus layout). A bad line
 * never stops the read: it comes back as an {@link RecordOutcome.Invalid} naming the line and the rule.
 */
public final class JsonlRecords {
  private static final ObjectMapper JSON = new ObjectMapper();

  private JsonlRecords() {}

  public static void read(Path file, Consumer<RecordOutcome> sink) {
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      int lineNumber = 0;
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        lineNumber++;
        if (!line.isBlank()) {
          sink.accept(parse(line, lineNumber));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read dataset " + file, e);
    }
  }

  static RecordOutcome parse(String line, int lineNumber) {
    String where = "line " + lineNumber;
    JsonNode node;
    try {
      node = JSON.readTree(line);
    } catch (JsonProcessingException e) {
      return invalid(where, "each line must be a JSON object, got: " + e.getOriginalMessage());
    }
    if (!node.isObject()) {
      return invalid(where, "each line must be a JSON object, got: " + node.getNodeType());
    }
    JsonNode id = node.hasNonNull("_id") ? node.get("_id") : node.get("id");
    if (id == null || !id.isValueNode() || id.asText().isBlank()) {
      return invalid(where, "each record must have a non-blank _id or id, got: " + abbreviate(line));
    }
    JsonNode text = node.get("text");
    if (text == null || !text.isTextual()) {
      return invalid(id.asText(), "record text must be a string, got: " + (text == null ? "none" : text.getNodeType()));
    }
    JsonNode title = node.get("title");
    return new RecordOutcome.Valid(new DatasetRecord(id.asText(), title == null ? "" : title.asText(""), text.asText()));
  }

  private static RecordOutcome invalid(String where, String detail) {
    return new RecordOutcome.Invalid(new DeadLetter(where, "read", "invalid_record", detail));
  }

  private static String abbreviate(String line) {
    return line.length() <= 80 ? line : line.substring(0, 80) + "...";
  }
}
