package dev.weft.transforms.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.ContentHash;
import dev.weft.context.Kind;
import dev.weft.context.SourceDocument;
import dev.weft.transforms.route.Route;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceReaderTest {
  private static final Route MD = new Route(Kind.DOC, "markdown");

  @TempDir Path root;

  @Test
  void readsUtf8TextWithHashAndStat() throws IOException {
    byte[] bytes = "# Título\n\nbody\n".getBytes(StandardCharsets.UTF_8);
    Files.write(root.resolve("a.md"), bytes);

    ReadOutcome outcome = SourceReader.withDefaults().read(root, "a.md", MD);

    assertThat(outcome).isInstanceOf(ReadOutcome.Read.class);
    SourceDocument doc = ((ReadOutcome.Read) outcome).document();
    assertThat(doc.text()).isEqualTo("# Título\n\nbody\n");
    assertThat(doc.contentHash()).isEqualTo(ContentHash.of(bytes));
    assertThat(doc.size()).isEqualTo(bytes.length);
    assertThat(doc.kind()).isEqualTo(Kind.DOC);
  }

  @Test
  void stripsByteOrderMarkButHashesTheBytes() throws IOException {
    byte[] bytes = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'h', 'i'};
    Files.write(root.resolve("bom.md"), bytes);

    SourceDocument doc = ((ReadOutcome.Read) SourceReader.withDefaults().read(root, "bom.md", MD)).document();

    assertThat(doc.text()).isEqualTo("hi");
    assertThat(doc.contentHash()).isEqualTo(ContentHash.of(bytes));
  }

  @Test
  void refusesBinaryWithTheOffset() throws IOException {
    Files.write(root.resolve("bin.md"), new byte[] {'a', 'b', 0, 'c'});

    assertThat(refusal("bin.md", SourceReader.withDefaults()))
        .isEqualTo("binary: text must not contain NUL bytes, got one at byte offset 2");
  }

  @Test
  void refusesUndecodableText() throws IOException {
    Files.write(root.resolve("latin1.md"), new byte[] {'c', 'a', 'f', (byte) 0xE9});

    assertThat(refusal("latin1.md", SourceReader.withDefaults())).startsWith("undecodable: text must be valid UTF-8");
  }

  @Test
  void refusesFilesOverTheCapWithoutReadingThem() throws IOException {
    Files.writeString(root.resolve("big.md"), "x".repeat(101));

    assertThat(refusal("big.md", SourceReader.withDefaults().withMaxBytes(100)))
        .isEqualTo("too_large: file size must be at most 100 bytes, got: 101");
  }

  @Test
  void refusesSymlinksThatLeaveTheRoot(@TempDir Path outside) throws IOException {
    Files.writeString(outside.resolve("secret.md"), "secret");
    Files.createSymbolicLink(root.resolve("link.md"), outside.resolve("secret.md"));
    Files.writeString(root.resolve("inside.md"), "fine");
    Files.createSymbolicLink(root.resolve("inner-link.md"), root.resolve("inside.md"));

    assertThat(refusal("link.md", SourceReader.withDefaults())).startsWith("symlink_outside_root: ");
    assertThat(SourceReader.withDefaults().read(root, "inner-link.md", MD)).isInstanceOf(ReadOutcome.Read.class);
  }

  @Test
  void reportsMissingFilesAsUnreadable() {
    assertThat(refusal("gone.md", SourceReader.withDefaults())).startsWith("unreadable: file must be readable");
  }

  @Test
  void validatesTheCap() {
    assertThatThrownBy(() -> SourceReader.withDefaults().withMaxBytes(0))
        .hasMessage("max file bytes must be at least 1, got: 0");
  }

  private String refusal(String path, SourceReader reader) {
    ReadOutcome outcome = reader.read(root, path, MD);
    assertThat(outcome).isInstanceOf(ReadOutcome.Refused.class);
    var letter = ((ReadOutcome.Refused) outcome).deadLetter();
    assertThat(letter.path()).isEqualTo(path);
    assertThat(letter.stage()).isEqualTo("read");
    return letter.reason() + ": " + letter.detail();
  }
}
