package dev.weft.transforms.impact;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.impact.Caller;
import dev.weft.context.impact.Definition;
import dev.weft.context.impact.Impact;
import dev.weft.context.impact.Risk;
import java.io.IOException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** impact(symbol) on testdata/impact-go, a Go module of two packages whose callers are known (its README). */
class GoImpactTest {
  private static ImpactAnalyzer analyzer;

  @BeforeAll
  static void chunkTheModule() throws IOException {
    analyzer = new ImpactAnalyzer(ListSymbolChunks.of(ListSymbolChunks.IMPACT_GO));
  }

  @Test
  void anExportedFunctionHasItsCallersInBothPackagesAndTheStringMentionCountedUnconfirmed() {
    Impact impact = analyzer.impact("Discount").orElseThrow();

    assertThat(impact.defs()).containsExactly(new Definition("pricing/pricing.go", 3, 9));
    assertThat(impact.callers()).containsExactly(
        new Caller("cart/cart.go", 13, "Total", true),
        new Caller("cart/cart.go", 20, "Label", false),
        new Caller("pricing/pricing.go", 19, "Bulk", true));
    assertThat(impact.confirmed()).isEqualTo(2);
    assertThat(impact.mentions()).isEqualTo(3);
    assertThat(impact.refCount()).isEqualTo(3);
    assertThat(impact.risk()).isEqualTo(Risk.MEDIUM);
    assertThat(impact.callees()).containsExactly("roundCents");
    // if, ||, plus one
    assertThat(impact.complexity()).isEqualTo(3);
    assertThat(impact.hedges()).hasSize(2)
        .anyMatch(hedge -> hedge.startsWith("1 of the 3 callers only mention the name"))
        .anyMatch(hedge -> hedge.startsWith("public or exported"));
  }

  @Test
  void anUnexportedFunctionHasItsOneCallerAndNoExportedHedge() {
    Impact impact = analyzer.impact("roundCents").orElseThrow();

    assertThat(impact.callers()).containsExactly(new Caller("pricing/pricing.go", 8, "Discount", true));
    assertThat(impact.refCount()).isEqualTo(1);
    assertThat(impact.risk()).isEqualTo(Risk.LOW);
    assertThat(impact.complexity()).isEqualTo(1);
    assertThat(impact.hedges()).isEmpty();
  }

  @Test
  void anExportedFunctionNothingCallsIsHedgedNotIsolated() {
    Impact impact = analyzer.impact("Total").orElseThrow();

    assertThat(impact.defs()).containsExactly(new Definition("cart/cart.go", 9, 16));
    assertThat(impact.callers()).isEmpty();
    assertThat(impact.refCount()).isZero();
    assertThat(impact.hedges()).hasSize(2).anyMatch(hedge -> hedge.startsWith("public or exported"))
        .anyMatch(hedge -> hedge.startsWith("no chunk of the indexed tree names it"));
  }
}
