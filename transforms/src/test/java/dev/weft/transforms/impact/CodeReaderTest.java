package dev.weft.transforms.impact;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.transforms.impact.NameUse.Use;
import org.junit.jupiter.api.Test;

/** What each language's reader finds in a fragment: calls, references, declarations, decisions, visibility. */
class CodeReaderTest {
  @Test
  void goCallsThroughASelectorAreCallsAndACommentIsNothing() {
    CodeReading reading = read("go", "function", """
        // Refill is not called here
        func Drain(b *Bucket, n int) bool {
        \tif n > 0 && b.Refill(n) {
        \t\treturn true
        \t}
        \tswitch n {
        \tcase 1:
        \t\treturn false
        \t}
        \treturn helper(n)
        }""");

    assertThat(reading.parsed()).isTrue();
    assertThat(reading.uses()).contains(new NameUse("Drain", 1, Use.DECLARATION), new NameUse("Refill", 2, Use.CALL),
        new NameUse("helper", 9, Use.CALL));
    assertThat(reading.uses()).filteredOn(use -> use.name().equals("Refill")).hasSize(1);
    // if, &&, one case
    assertThat(reading.decisions()).isEqualTo(3);
    assertThat(reading.exported()).isTrue();
    assertThat(read("go", "function", "func drain() {}").exported()).isFalse();
  }

  @Test
  void aJavaScriptMethodAloneIsReadInsideAClassNotAsACall() {
    CodeReading reading = read("javascript", "method", """
          render(rate) {
            return rate ? format(rate) : "none";
          }""");

    assertThat(reading.uses()).contains(new NameUse("render", 0, Use.DECLARATION), new NameUse("format", 1, Use.CALL));
    assertThat(reading.decisions()).isEqualTo(1);
    assertThat(reading.exported()).isTrue();
    assertThat(read("javascript", "method", "#hidden() { return 1; }").exported()).isFalse();
  }

  @Test
  void aTypeScriptFunctionIsExportedOnlyUnderExport() {
    assertThat(read("typescript", "function", "export function a(x: number): number { return x; }").exported())
        .isTrue();
    assertThat(read("typescript", "function", "function b(x: number): number { return x; }").exported()).isFalse();
  }

  @Test
  void anIndentedPythonMethodIsDedentedAndItsStringsAreNotReferences() {
    CodeReading reading = read("python", "method", """
            def put(self, key):
                \"\"\"Calls normalize first.\"\"\"
                return normalize(key) if key else None""");

    assertThat(reading.parsed()).isTrue();
    assertThat(reading.uses()).filteredOn(use -> use.name().equals("normalize"))
        .containsExactly(new NameUse("normalize", 2, Use.CALL));
    assertThat(reading.decisions()).isEqualTo(1);
  }

  @Test
  void javaReadsAClassHeaderClosedWithABraceAndItsConstructorCalls() {
    CodeReading reading = read("java", "class", """
        class Limiter {
          private final Bucket bucket = new Bucket(10);
        """);

    assertThat(reading.parsed()).isTrue();
    assertThat(reading.uses()).contains(new NameUse("Bucket", 1, Use.CALL));
    assertThat(reading.exported()).isFalse();
  }

  @Test
  void aFormatWithoutAParserHasNoReader() {
    assertThat(CodeReader.forFormat("markdown")).isEmpty();
  }

  private static CodeReading read(String format, String nodeType, String text) {
    return CodeReader.forFormat(format).orElseThrow().read(text, nodeType);
  }
}
