package dev.weft.transforms.dataset;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.transforms.dataset.RecordRules.Value;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
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
      return RecordRules.invalid(where, "each line must be a JSON object, got: " + e.getOriginalMessage());
    }
    if (!node.isObject()) {
      return RecordRules.invalid(where, "each line must be a JSON object, got: " + node.getNodeType());
    }
    return RecordRules.judge(where, RecordRules.id(value(node.get("_id")), value(node.get("id"))),
        value(node.get("title")), value(node.get("text")), () -> line);
  }

  private static Value value(JsonNode node) {
    if (node == null) {
      return RecordRules.NONE;
    }
    if (node.isNull()) {
      return RecordRules.NULL;
    }
    if (node.isTextual()) {
      return new RecordRules.Text(node.asText());
    }
    if (node.isIntegralNumber() && node.canConvertToLong()) {
      return new RecordRules.Whole(node.asLong());
    }
    return new RecordRules.Other(node.getNodeType().name().toLowerCase(Locale.ROOT));
  }
}
