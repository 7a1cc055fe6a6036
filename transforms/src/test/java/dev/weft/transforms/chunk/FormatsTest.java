package dev.weft.transforms.chunk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

class FormatsTest {
  @Test
  void defaultExtensionsAreTheDefaultOnFormatsOwn() {
    assertThat(Formats.defaultExtensions()).containsExactly(
        ".java", ".py", ".js", ".mjs", ".cjs", ".ts", ".go", ".md", ".markdown", ".rst", ".txt");
  }

  @Test
  void everyExtensionRoutesToTheFormatThatListsIt() {
    for (Format format : Formats.all()) {
      for (String ext : format.allExtensions()) {
        assertThat(Formats.byExtension().get(ext)).as(ext).isSameAs(format);
      }
    }
    assertThat(Formats.byExtension()).containsKeys(".pyi", ".jsx", ".mts", ".cts");
    assertThat(Formats.defaultExtensions()).doesNotContain(".pyi", ".jsx", ".mts", ".cts");
  }

  @Test
  void aFormatThatIsNotDefaultOnContributesNoDefaultExtension() {
    Format off = new Format("csv", Kind.DOC, List.of(".csv"), List.of(), false, ParagraphChunker::new, 1);
    assertThat(off.defaultOn()).isFalse();
    assertThat(Formats.defaultExtensions()).doesNotContain(".csv");
  }

  @Test
  void eachFormatsChunkerIsTheOneChunkersHandsOut() {
    for (Format format : Formats.all()) {
      assertThat(Chunkers.forFormat(format.id())).isInstanceOf(format.chunker().get().getClass());
      assertThat(Formats.byId(format.id().toUpperCase())).contains(format);
    }
    assertThat(Formats.byId("csv")).isEmpty();
  }

  @Test
  void stampChangesWithEveryVersionBump() {
    Format java1 = Format.of("java", Kind.CODE, List.of(".java"), JavaChunker::new, 1);
    Format java2 = Format.of("java", Kind.CODE, List.of(".java"), JavaChunker::new, 2);
    Format go3 = Format.of("go", Kind.CODE, List.of(".go"), GoChunker::new, 3);
    assertThat(Formats.stamp(2, List.of(java1))).isEqualTo("chunkers-2");
    assertThat(Formats.stamp(3, List.of(java1))).isEqualTo("chunkers-3");
    assertThat(Formats.stamp(2, List.of(java2))).isEqualTo("chunkers-2.java-2");
    assertThat(Formats.stamp(2, List.of(java2, go3))).isEqualTo("chunkers-2.java-2.go-3");
    assertThat(Formats.STAMP).isEqualTo("chunkers-2.java-3.python-3.go-2");
  }

  @Test
  void refusesMalformedEntriesNamingTheValue() {
    assertThatThrownBy(() -> Format.of("Java", Kind.CODE, List.of(".java"), JavaChunker::new, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("format id must be lower-case letters, digits, '-' or '_', got: Java");
    assertThatThrownBy(() -> Format.of("java", Kind.CODE, List.of("java"), JavaChunker::new, 1))
        .hasMessage("format java: extensions must be lower case with one leading dot, got: java");
    assertThatThrownBy(() -> Format.of("java", Kind.CODE, List.of(".JAVA"), JavaChunker::new, 1))
        .hasMessage("format java: extensions must be lower case with one leading dot, got: .JAVA");
    assertThatThrownBy(() -> Format.of("java", Kind.CODE, List.of(".java"), JavaChunker::new, 0))
        .hasMessage("format java: chunker version must be at least 1, got: 0");
  }

  @Test
  void theRegistryRefusesATakenIdOrExtension() {
    Format md = Format.of("markdown", Kind.DOC, List.of(".md"), MarkdownChunker::new, 1);
    Format otherMd = Format.of("mdx", Kind.DOC, List.of(".md"), MarkdownChunker::new, 1);
    assertThatThrownBy(() -> Formats.indexById(List.of(md, md)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("format ids must be unique in the registry, got twice: markdown");
    assertThatThrownBy(() -> Formats.indexByExtension(List.of(md, otherMd)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("an extension must route to one format, got .md for both markdown and mdx");
  }

  @Test
  void everyFormatsChunkerHasAContractSuite() throws Exception {
    for (Format format : Formats.all()) {
      String suite = format.chunker().get().getClass().getName() + "ContractTest";
      assertThat(ChunkerContractTest.class.isAssignableFrom(Class.forName(suite)))
          .as("%s extends ChunkerContractTest", suite).isTrue();
    }
  }
}
