package dev.weft.transforms.dataset;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.ItemMetadata;
import dev.weft.transforms.dataset.RecordRules.Value;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Streams a JSONL dataset ({@code {"_id" | "id", "title"?, "text"}} per line, BEIR's corpus layout). A bad line
 * never stops the read: it comes back as an {@link RecordOutcome.Invalid} naming the line and the rule.
 */
public final class JsonlRecords {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final byte[] PARQUET_MAGIC = {'P', 'A', 'R', '1'};
  private static final byte[] AVRO_MAGIC = {'O', 'b', 'j', 1};
  private static final byte[] GZIP_MAGIC = {0x1f, (byte) 0x8b};
  private static final int MAGIC_BYTES = 4;

  private JsonlRecords() {}

  /**
   * Streams the lines of {@code file}. Lines end at {@code \n}, {@code \r\n} or {@code \r}, as
   * {@link java.io.BufferedReader#readLine} counts them, and each is decoded on its own, so a line that is not
   * valid UTF-8 is dead-lettered at its line number and the lines after it are read as usual.
   *
   * @throws IllegalArgumentException when the file is a Parquet, Avro or gzip file named as JSONL
   */
  public static void read(Path file, Consumer<RecordOutcome> sink) {
    read(file, FieldMapping.beir(), sink);
  }

  /** As {@link #read(Path, Consumer)}, with the fields {@code mapping}'s JSON pointers name. */
  public static void read(Path file, FieldMapping mapping, Consumer<RecordOutcome> sink) {
    Fields fields = Fields.of(mapping);
    try (InputStream in = Files.newInputStream(file)) {
      byte[] buffer = new byte[1 << 16];
      int filled = in.readNBytes(buffer, 0, MAGIC_BYTES);
      requireText(file, Arrays.copyOf(buffer, filled));
      ByteArrayOutputStream line = new ByteArrayOutputStream(256);
      int lineNumber = 0;
      boolean afterCr = false;
      for (int start = 0; filled > 0; start = 0, filled = in.read(buffer)) {
        for (int i = 0; i < filled; i++) {
          byte b = buffer[i];
          if (b == '\n' || b == '\r') {
            line.write(buffer, start, i - start);
            start = i + 1;
            if (!(b == '\n' && afterCr)) { // the \n of a \r\n: that line was already ended by its \r
              emit(sink, fields, line, ++lineNumber);
              line.reset();
            }
          }
          afterCr = b == '\r';
        }
        line.write(buffer, start, filled - start);
      }
      if (line.size() > 0) {
        emit(sink, fields, line, ++lineNumber);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read dataset " + file, e);
    }
  }

  /**
   * Refuses a file whose first bytes are another format's magic number, before any line is judged: every line
   * of a Parquet file named {@code .jsonl} would otherwise be a dead letter, which hides the one thing wrong.
   *
   * @throws IllegalArgumentException naming the file, the format found and what to do
   */
  public static void check(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      requireText(file, in.readNBytes(MAGIC_BYTES));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read dataset " + file, e);
    }
  }

  private static void requireText(Path file, byte[] head) {
    String found = startsWith(head, PARQUET_MAGIC) ? "Parquet (PAR1); name it .parquet"
        : startsWith(head, AVRO_MAGIC) ? "an Avro container file (Obj 0x01); name it .avro"
        : startsWith(head, GZIP_MAGIC) ? "gzip (0x1f 0x8b); decompress it first (gunzip)"
        : null;
    if (found != null) {
      throw new IllegalArgumentException("dataset " + file + " is not JSONL: it starts with the magic bytes of "
          + found);
    }
  }

  private static boolean startsWith(byte[] head, byte[] magic) {
    return head.length >= magic.length && Arrays.equals(head, 0, magic.length, magic, 0, magic.length);
  }

  private static void emit(Consumer<RecordOutcome> sink, Fields fields, ByteArrayOutputStream line,
      int lineNumber) {
    RecordOutcome outcome = judge(fields, line, lineNumber);
    if (outcome != null) {
      sink.accept(outcome);
    }
  }

  /** The line's record, its dead letter, or null for a blank line (which is no record at all). */
  private static RecordOutcome judge(Fields fields, ByteArrayOutputStream bytes, int lineNumber) {
    String line;
    try {
      line = StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes.toByteArray()))
          .toString();
    } catch (CharacterCodingException e) {
      return RecordRules.invalid("line " + lineNumber, "each line must be valid UTF-8, got: "
          + firstMalformed(bytes.toByteArray()));
    }
    return line.isBlank() ? null : parse(fields, line, lineNumber);
  }

  /** {@code byte 0xff at offset 12 of the line}: enough to find it with a hex viewer. */
  private static String firstMalformed(byte[] bytes) {
    var decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(bytes.length + 1);
    CoderResult result = decoder.decode(in, out, true);
    int offset = in.position();
    return result.isError() && offset < bytes.length
        ? String.format(Locale.ROOT, "byte 0x%02x at offset %d of the line", bytes[offset] & 0xff, offset)
        : "a truncated character at the end of the line";
  }

  static RecordOutcome parse(String line, int lineNumber) {
    return parse(Fields.of(FieldMapping.beir()), line, lineNumber);
  }

  static RecordOutcome parse(Fields fields, String line, int lineNumber) {
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
    Value id = RecordRules.NONE;
    for (JsonPointer pointer : fields.ids()) {
      id = RecordRules.id(id, value(node.at(pointer)));
    }
    Map<String, Value> meta = new LinkedHashMap<>();
    fields.meta().forEach((name, pointer) -> meta.put(name, value(node.at(pointer))));
    if (fields.all()) {
      // under *, every other top-level field that holds a scalar and has a name a filter can spell
      node.fields().forEachRemaining(field -> {
        Value value = value(field.getValue());
        if (!fields.core().contains(field.getKey()) && !(value instanceof RecordRules.Other)
            && ItemMetadata.NAME.matcher(field.getKey()).matches()) {
          meta.put(field.getKey(), value);
        }
      });
    }
    return RecordRules.judge(where, id, value(node.at(fields.title())), value(node.at(fields.text())), meta,
        () -> line);
  }

  /**
   * A mapping's pointers, compiled once per file.
   *
   * @param core the top-level names of the id, title and text, which {@code *} leaves out
   */
  record Fields(List<JsonPointer> ids, JsonPointer title, JsonPointer text, Map<String, JsonPointer> meta,
      boolean all, Set<String> core) {
    static Fields of(FieldMapping mapping) {
      Map<String, JsonPointer> meta = new LinkedHashMap<>();
      mapping.check(DatasetFormat.JSONL).forEach((name, field) -> meta.put(name, JsonPointer.compile(field)));
      Set<String> core = new HashSet<>();
      for (String field : mapping.coreFields(DatasetFormat.JSONL)) {
        core.add(JsonPointer.compile(field).getMatchingProperty());
      }
      return new Fields(mapping.idFields(DatasetFormat.JSONL).stream().map(JsonPointer::compile).toList(),
          JsonPointer.compile(mapping.titleField(DatasetFormat.JSONL)),
          JsonPointer.compile(mapping.textField(DatasetFormat.JSONL)), meta, mapping.allMeta(), core);
    }
  }

  private static Value value(JsonNode node) {
    if (node == null || node.isMissingNode()) {
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
    if (node.isFloatingPointNumber()) {
      return new RecordRules.Real(node.asDouble(), "number");
    }
    if (node.isBoolean()) {
      return new RecordRules.Flag(node.asBoolean());
    }
    return new RecordRules.Other(node.getNodeType().name().toLowerCase(Locale.ROOT));
  }
}
