package dev.weft.transforms.dataset;

import static dev.weft.transforms.dataset.DatasetFiles.BEIR;
import static dev.weft.transforms.dataset.DatasetFiles.read;
import static dev.weft.transforms.dataset.DatasetFiles.record;
import static dev.weft.transforms.dataset.DatasetFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.DeadLetter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** JSONL bytes that are not what the name says: bad UTF-8 on one line, or another format altogether. */
class JsonlRecordsTest {
  @TempDir Path tmp;

  @Test
  void aLineThatIsNotUtf8IsDeadLetteredAtItsLineAndTheRestIsRead() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.writeBytes(line("{\"_id\": \"a\", \"text\": \"alpha\"}"));
    bytes.writeBytes("{\"_id\": \"b\", \"text\": \"caf".getBytes(StandardCharsets.UTF_8));
    bytes.write(0xE9); // Latin-1 é
    bytes.writeBytes(line("\"}"));
    bytes.writeBytes(line("{\"_id\": \"c\", \"text\": \"gamma \u00e9\"}"));
    Path file = Files.write(tmp.resolve("corpus.jsonl"), bytes.toByteArray());

    assertThat(read(file)).containsExactly(
        valid("a", "alpha"),
        new RecordOutcome.Invalid(new DeadLetter("line 2", "read", "invalid_record",
            "each line must be valid UTF-8, got: byte 0xe9 at offset 25 of the line")),
        valid("c", "gamma \u00e9"));
  }

  @Test
  void lineNumbersCountCrLfCrAndBlankLinesAsBefore() throws IOException {
    Path file = Files.writeString(tmp.resolve("corpus.jsonl"), "{\"_id\": \"a\", \"text\": \"x\"}\r\n\r\n"
        + "{\"_id\": \"b\"}\r{\"_id\": \"c\", \"text\": \"z\"}\n\n   \n{\"_id\": \"d\"}");

    assertThat(read(file)).containsExactly(
        valid("a", "x"),
        invalid("line 3", "record text must be a string, got: none for id b"),
        valid("c", "z"),
        invalid("line 7", "record text must be a string, got: none for id d"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"parquet", "avro"})
  void aParquetOrAvroFileNamedJsonlIsRefusedAsNotJsonl(String format) throws IOException {
    Path real = write(tmp.resolve("corpus." + format), BEIR, record(BEIR, "_id", "a", "title", null, "text", "x"));
    Path named = Files.move(real, tmp.resolve("corpus.jsonl"), StandardCopyOption.REPLACE_EXISTING);

    String expected = "dataset " + named + " is not JSONL: it starts with the magic bytes of "
        + (format.equals("parquet") ? "Parquet (PAR1); name it .parquet" : "an Avro container file (Obj 0x01)");
    assertThatThrownBy(() -> DatasetRecords.check(named))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith(expected);
    assertThatThrownBy(() -> read(named))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith(expected);
  }

  @Test
  void aGzippedJsonlIsRefusedWithWhatToDo() throws IOException {
    Path file = Files.write(tmp.resolve("corpus.jsonl"), new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0});

    assertThatThrownBy(() -> DatasetRecords.check(file))
        .hasMessageEndingWith("is not JSONL: it starts with the magic bytes of gzip (0x1f 0x8b); decompress it"
            + " first (gunzip)");
  }

  private static byte[] line(String text) {
    return (text + "\n").getBytes(StandardCharsets.UTF_8);
  }

  private static RecordOutcome valid(String id, String text) {
    return new RecordOutcome.Valid(new DatasetRecord(id, "", text));
  }

  private static RecordOutcome invalid(String where, String detail) {
    return new RecordOutcome.Invalid(new DeadLetter(where, "read", "invalid_record", detail));
  }
}
