package dev.weft.jobs.cli.options;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.weft.context.UserFiles;
import dev.weft.context.error.Quote;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Evidence on the command line: {@code --evidence TEXT} (repeatable) or {@code --evidence-json JSON|@FILE}. */
public final class EvidenceOptions {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Path STDIN = Path.of("/dev/stdin");

  @Option(names = "--evidence", paramLabel = "TEXT",
      description = "A source, quote or file:line backing it (repeatable).")
  List<String> texts = new ArrayList<>();

  @Option(names = "--evidence-json", paramLabel = "JSON|@FILE",
      description = "Evidence as JSON, e.g. a claim-evidence envelope (docs/ledger.md); @FILE reads the JSON from "
          + "a regular file (at most 32 MiB), @/dev/stdin from standard input.")
  String json;

  /**
   * The most bytes of an {@code @FILE} read (32 MiB): a claim-evidence envelope is text, and the bound is what keeps
   * {@code @/dev/zero} from filling the heap (docs/cli.md, "Bounds").
   */
  static final long MAX_FILE_BYTES = 32L * 1024 * 1024;

  private static final String WAY_OUT = "pass --evidence-json=@FILE with a JSON file, or the JSON itself";

  /** The evidence given; refused when both forms or neither are (the ledger refuses writes without evidence). */
  public JsonNode evidence() {
    if (json != null && !texts.isEmpty()) {
      throw new IllegalArgumentException("give --evidence or --evidence-json, not both");
    }
    if (json != null) {
      // JSON never starts with '@', so a leading '@' always names a file and nothing needs escaping
      boolean file = json.startsWith("@");
      try {
        return file ? MAPPER.readTree(fileBytes(json.substring(1))) : MAPPER.readTree(json);
      } catch (IOException e) {
        String message = e instanceof JsonProcessingException parse ? parse.getOriginalMessage() : e.getMessage();
        throw new IllegalArgumentException((file ? "the evidence file " + Quote.of(json.substring(1))
            : "--evidence-json " + Quote.of(json)) + " is not JSON: " + Quote.of(message) + "; " + WAY_OUT);
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

  /**
   * The bytes of an evidence file, read by Weft (picocli's own {@code @file} expansion is off: it split the file into
   * words). {@code /dev/stdin} is the one non-regular file read, as what was piped in.
   */
  private static byte[] fileBytes(String name) {
    Path file = Path.of(name);
    if (file.equals(STDIN)) {
      return UserFiles.readStream(file, "the evidence file", MAX_FILE_BYTES, WAY_OUT);
    }
    return UserFiles.read(file, "the evidence file", MAX_FILE_BYTES, WAY_OUT);
  }
}
