package dev.weft.index;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.FileState;
import dev.weft.context.Kind;
import java.util.List;
import org.apache.lucene.store.ByteArrayDataInput;
import org.junit.jupiter.api.Test;

class FileStateCodecTest {
  @Test
  void oneDecoderGivesEachStateItsOwnStringsWhenTheyChangeFromOneToTheNext() {
    List<FileState> states = List.of(
        new FileState("a.md", Kind.DOC, "markdown", 1, 10, "h1", "stamp-1", 2),
        new FileState("b.md", Kind.DOC, "markdown", 2, 20, "h2", "stamp-1", 3),
        new FileState("C.java", Kind.CODE, "java", 3, 30, "h3", "stamp-2", 4),
        new FileState("d.md", Kind.DOC, "markdown", 4, 40, "h4", "stamp-1", 5),
        new FileState("e.md", Kind.DOC, "markdowm", 5, 50, "h5", "stamp-12", 0),
        new FileState("é.md", Kind.DOC, "", 6, 60, "refused:unreadable", "stämp", 0));
    FileStateCodec.Decoder decoder = new FileStateCodec.Decoder(new ByteArrayDataInput());

    List<FileState> decoded = states.stream()
        .map(state -> decoder.decode(state.path(), FileStateCodec.encode(state)))
        .toList();

    assertThat(decoded).isEqualTo(states);
  }
}
