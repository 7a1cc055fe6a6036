package dev.weft.jobs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Evidence on the command line: {@code --evidence TEXT} (repeatable) or {@code --evidence-json JSON|@FILE}. */
final class EvidenceOptions {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Option(names = "--evidence", paramLabel = "TEXT",
      description = "A source, quote or file:line backing it (repeatable).")
  List<String> texts = new ArrayList<>();

  @Option(names = "--evidence-json", paramLabel = "JSON|@FILE",
      description = "Evidence as JSON, e.g. a claim-evidence envelope (docs/ledger.md); @FILE reads a file.")
  String json;

  /** The evidence given; refused when both forms or neither are (the ledger refuses writes without evidence). */
  JsonNode evidence() {
    if (json != null && !texts.isEmpty()) {
      throw new IllegalArgumentException("give --evidence or --evidence-json, not both");
    }
    if (json != null) {
      String text = json;
      if (json.startsWith("@")) {
        try {
          text = Files.readString(Path.of(json.substring(1)));
        } catch (IOException e) {
          throw new UncheckedIOException("cannot read the evidence file " + json.substring(1), e);
        }
      }
      try {
        return MAPPER.readTree(text);
      } catch (JsonProcessingException e) {
        throw new IllegalArgumentException("--evidence-json is not JSON: " + e.getOriginalMessage()
            + "; pass a JSON value or @FILE");
      }
    }
    if (texts.size() == 1) {
      return TextNode.valueOf(texts.get(0));
    }
    if (texts.isEmpty()) {
      return null; // the ledger refuses it by name
    }
    ArrayNode all = JsonNodeFactory.instance.arrayNode();
    texts.forEach(all::add);
    return all;
  }
}
