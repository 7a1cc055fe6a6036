package dev.weft.transforms.impact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Chunk;
import dev.weft.context.Kind;
import dev.weft.context.impact.Caller;
import dev.weft.context.impact.Definition;
import dev.weft.context.impact.Impact;
import dev.weft.context.impact.Risk;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** impact(symbol) on testdata/impact-corpus, whose callers are known (its README). */
class ImpactAnalyzerTest {
  private static ImpactAnalyzer analyzer;

  @BeforeAll
  static void chunkTheCorpus() throws IOException {
    analyzer = new ImpactAnalyzer(ListSymbolChunks.of(ListSymbolChunks.IMPACT_CORPUS));
  }

  @Test
  void javaCallersAreTheCallAndTheMethodReferenceConfirmedAndTheCommentCountedUnconfirmed() {
    Impact impact = analyzer.impact("tryAcquire").orElseThrow();

    assertThat(impact.defs()).containsExactly(
        new Definition("src/main/java/com/acme/bucket/TokenBucket.java", 13, 21));
    assertThat(impact.callers()).containsExactly(
        new Caller("src/main/java/com/acme/bucket/Gateway.java", 9, "handle", true),
        new Caller("src/main/java/com/acme/bucket/Gateway.java", 16, "audit", false),
        new Caller("src/main/java/com/acme/bucket/Scheduler.java", 7, "gate", true));
    assertThat(impact.confirmed()).isEqualTo(2);
    assertThat(impact.mentions()).isEqualTo(3);
    assertThat(impact.refCount()).isEqualTo(3);
    assertThat(impact.risk()).isEqualTo(Risk.MEDIUM);
    assertThat(impact.callees()).containsExactly("refill");
    // one if and one && plus the method's own path
    assertThat(impact.complexity()).isEqualTo(3);
    assertThat(impact.hedges()).anyMatch(hedge -> hedge.startsWith("1 of the 3 callers only mention the name"))
        .anyMatch(hedge -> hedge.startsWith("public or exported"))
        .hasSize(2);
  }

  @Test
  void pythonPrivateFunctionHasItsCallConfirmedTheDocstringUnconfirmedAndNoPublicHedge() {
    Impact impact = analyzer.impact("_normalize").orElseThrow();

    assertThat(impact.defs()).containsExactly(new Definition("app/store.py", 4, 7));
    assertThat(impact.callers()).containsExactly(
        new Caller("app/api.py", 5, "handler", false),
        new Caller("app/store.py", 15, "put", true));
    assertThat(impact.refCount()).isEqualTo(2);
    assertThat(impact.risk()).isEqualTo(Risk.LOW);
    // if, `or`, plus one
    assertThat(impact.complexity()).isEqualTo(3);
    assertThat(impact.hedges()).noneMatch(hedge -> hedge.startsWith("public or exported"))
        .anyMatch(hedge -> hedge.startsWith("1 of the 2 callers only mention the name"));
  }

  @Test
  void aRenamedBarrelReExportIsFollowedAndNamed() {
    Impact impact = analyzer.impact("clampRate").orElseThrow();

    assertThat(impact.defs()).containsExactly(new Definition("web/src/limits.ts", 1, 3));
    assertThat(impact.callers()).extracting(Caller::path, Caller::line, Caller::confirmed).containsExactly(
        org.assertj.core.groups.Tuple.tuple("web/src/index.ts", 1, true),
        org.assertj.core.groups.Tuple.tuple("web/src/view.ts", 1, true),
        org.assertj.core.groups.Tuple.tuple("web/src/view.ts", 4, true));
    assertThat(impact.hedges()).contains(
        "re-exported as clamp by web/src/index.ts:1: the 2 chunks naming clamp are counted as callers");
    assertThat(impact.complexity()).isEqualTo(2);
  }

  @Test
  void aSymbolNoOtherChunkNamesIsNeverSilentlyIsolated() {
    Impact impact = analyzer.impact("unusedHelper").orElseThrow();

    assertThat(impact.refCount()).isZero();
    assertThat(impact.risk()).isEqualTo(Risk.LOW);
    assertThat(impact.hedges()).anyMatch(hedge -> hedge.startsWith("no chunk of the indexed tree names it"));
  }

  @Test
  void aQualifiedNameKeepsTheDefinitionsUnderThatType() {
    assertThat(analyzer.impact("TokenBucket.tryAcquire")).get()
        .extracting(Impact::defs).asList().hasSize(1);
    assertThat(analyzer.impact("Gateway.tryAcquire")).isEmpty();
    assertThat(analyzer.impact("TokenBucket.tryAcquire").orElseThrow().hedges())
        .noneMatch(hedge -> hedge.startsWith("callers are found by name"));
  }

  @Test
  void aQualifiedNameSaysItsCallersMayBelongToTheSameNameElsewhere() throws IOException {
    ImpactAnalyzer twoOwners = new ImpactAnalyzer(new ListSymbolChunks(List.of(
        chunk("a/A.java#0", "A", "class A {"), chunk("a/A.java#1", "run", "void run() {}"),
        chunk("b/B.java#0", "B", "class B {"), chunk("b/B.java#1", "run", "void run() {}"))));

    Impact impact = twoOwners.impact("B.run").orElseThrow();

    assertThat(impact.defs()).extracting(Definition::path).containsExactly("b/B.java");
    assertThat(impact.hedges()).contains("callers are found by name: the 1 other definitions of run outside B are not"
        + " told apart, so their callers are counted too");
  }

  @Test
  void pastTheParseCapCallersAreCountedAsMentionsAndTheHedgeSaysSo() throws IOException {
    ImpactAnalyzer capped = new ImpactAnalyzer(ListSymbolChunks.of(ListSymbolChunks.IMPACT_CORPUS), 1);

    Impact impact = capped.impact("tryAcquire").orElseThrow();

    assertThat(impact.callers()).containsExactly(
        new Caller("src/main/java/com/acme/bucket/Gateway.java", 9, "handle", true),
        new Caller("src/main/java/com/acme/bucket/Gateway.java", 16, "audit", false),
        new Caller("src/main/java/com/acme/bucket/Scheduler.java", 7, "gate", false));
    assertThat(impact.refCount()).isEqualTo(3);
    assertThat(impact.confirmed()).isEqualTo(1);
    assertThat(impact.hedges()).contains("2 callers were not parsed (past the first 1): counted as mentions;"
        + " confirmed is a lower bound, and re-exports among them are not followed");
  }

  @Test
  void definitionsTheParserCannotReadAreNamedOnceWithTheirCount() {
    ImpactAnalyzer analyzer = new ImpactAnalyzer(new ListSymbolChunks(List.of(
        chunk("a/A.java#0", "broken", "void broken( {"), chunk("b/B.java#0", "broken", "int broken(;"))));

    Impact impact = analyzer.impact("broken").orElseThrow();

    assertThat(impact.complexity()).isZero();
    assertThat(impact.hedges()).contains("2 definitions could not be parsed (first: a/A.java:1): their complexity and"
        + " callees are not known");
  }

  private static Chunk chunk(String id, String symbol, String text) {
    return new Chunk(id, id.substring(0, id.indexOf('#')), Kind.CODE, "java", symbol, "method", 0, 0, text, "hash");
  }

  @Test
  void aSymbolTheTreeDoesNotDefineHasNoImpact() {
    assertThat(analyzer.impact("noSuchSymbol")).isEmpty();
  }

  @Test
  void aNameThatIsNotAnIdentifierIsRefusedNamingIt() {
    assertThatThrownBy(() -> analyzer.impact("a b"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("symbol must be an identifier such as parse or Parser.parse, got: 'a b'");
  }
}
