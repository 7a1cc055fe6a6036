package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code weft impact} over an index of testdata/impact-corpus, whose callers are known (its README). */
public class ImpactCommandTest {
  public static final Path CORPUS = Path.of("../testdata/impact-corpus").toAbsolutePath().normalize();
  static final Path GO_MODULE = Path.of("../testdata/impact-go").toAbsolutePath().normalize();

  @TempDir static Path tmp;
  static String index;
  static String goIndex;

  @BeforeAll
  static void indexTheCorpus() throws IOException {
    index = indexed(CORPUS, "corpus");
    goIndex = indexed(GO_MODULE, "go");
  }

  private static String indexed(Path tree, String name) throws IOException {
    Path root = GoldenCorpusTest.copy(tree, tmp.resolve(name));
    String dir = tmp.resolve(name + "-index").toString();
    CliRun run = CliRun.of("index", root.toString(), "--index", dir, "--quiet", "--runner", "inprocess");
    assertThat(run.exit()).as(run.err()).isZero();
    return dir;
  }

  @Test
  void tsvListsTheFiguresDefinitionsCallersCalleesAndHedges() {
    CliRun run = CliRun.of("impact", "tryAcquire", "--index", index);

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out().lines()).containsExactly(
        "symbol\ttryAcquire",
        "risk\tmedium",
        "refCount\t3",
        "confirmed\t2",
        "mentions\t3",
        "complexity\t3",
        "def\tsrc/main/java/com/acme/bucket/TokenBucket.java\t13-21",
        "caller\tsrc/main/java/com/acme/bucket/Gateway.java\t9\thandle\tconfirmed",
        "caller\tsrc/main/java/com/acme/bucket/Gateway.java\t16\taudit\tmention",
        "caller\tsrc/main/java/com/acme/bucket/Scheduler.java\t7\tgate\tconfirmed",
        "callee\trefill",
        "hedge\t1 of the 3 callers only mention the name (a comment, a string, code the parser could not read, or a"
            + " format without a parser): counted, not confirmed",
        "hedge\tpublic or exported: it may be used outside the indexed tree, which no count here includes");
  }

  @Test
  void jsonPrintsTheLibrarysImpactObject() throws IOException {
    CliRun run = CliRun.of("impact", "_normalize", "--json", "--index", index);

    assertThat(run.exit()).as(run.err()).isZero();
    JsonNode impact = new ObjectMapper().readTree(run.out());
    // the shape issue #14 lists, in its order
    List<String> fields = new ArrayList<>();
    impact.fieldNames().forEachRemaining(fields::add);
    assertThat(fields).containsExactly("symbol", "defs", "refCount", "confirmed", "mentions", "risk", "complexity",
        "callers", "callees", "hedges");
    assertThat(impact.get("symbol").asText()).isEqualTo("_normalize");
    assertThat(impact.get("defs").toString()).isEqualTo("[{\"path\":\"app/store.py\",\"startLine\":4,\"endLine\":7}]");
    assertThat(impact.get("callers").toString()).isEqualTo(
        "[{\"path\":\"app/api.py\",\"line\":5,\"symbol\":\"handler\",\"confirmed\":false},"
            + "{\"path\":\"app/store.py\",\"line\":15,\"symbol\":\"put\",\"confirmed\":true}]");
    assertThat(impact.get("risk").asText()).isEqualTo("low");
    assertThat(impact.get("refCount").asInt()).isEqualTo(2);
    assertThat(impact.get("confirmed").asInt()).isEqualTo(1);
    assertThat(impact.get("mentions").asInt()).isEqualTo(2);
    assertThat(impact.get("complexity").asInt()).isEqualTo(3);
    assertThat(impact.get("callees").isArray()).isTrue();
    assertThat(impact.get("hedges").size()).isEqualTo(1);
  }

  @Test
  void theBarrelsRenamedReExportIsFollowedThroughTheIndex() {
    CliRun run = CliRun.of("impact", "clampRate", "--index", index);

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out().lines()).contains(
        "caller\tweb/src/index.ts\t1\t\tconfirmed",
        "hedge\tre-exported as clamp by web/src/index.ts:1: the 2 chunks naming clamp are counted as callers");
  }

  @Test
  void goCallersAcrossTheModulesTwoPackagesThroughTheImportAlias() {
    CliRun run = CliRun.of("impact", "Discount", "--index", goIndex);

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out().lines()).containsExactly(
        "symbol\tDiscount",
        "risk\tmedium",
        "refCount\t3",
        "confirmed\t2",
        "mentions\t3",
        "complexity\t3",
        "def\tpricing/pricing.go\t3-9",
        "caller\tcart/cart.go\t13\tTotal\tconfirmed",
        "caller\tcart/cart.go\t20\tLabel\tmention",
        "caller\tpricing/pricing.go\t19\tBulk\tconfirmed",
        "callee\troundCents",
        "hedge\t1 of the 3 callers only mention the name (a comment, a string, code the parser could not read, or a"
            + " format without a parser): counted, not confirmed",
        "hedge\tpublic or exported: it may be used outside the indexed tree, which no count here includes");

    CliRun unexported = CliRun.of("impact", "roundCents", "--index", goIndex);
    assertThat(unexported.out().lines()).contains("risk\tlow", "caller\tpricing/pricing.go\t8\tDiscount\tconfirmed")
        .noneMatch(line -> line.startsWith("hedge"));
  }

  @Test
  void aSymbolTheIndexDoesNotDefineIsExitOneNamingIt() {
    CliRun run = CliRun.of("impact", "noSuchSymbol", "--index", index);

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).isEqualTo("weft: noSuchSymbol is not defined in the index (no code chunk declares it); check"
        + " the spelling, or run weft index if it was added since\n");
  }

  @Test
  void aSymbolThatIsNotAnIdentifierIsExitTwo() {
    CliRun run = CliRun.of("impact", "a-b", "--index", index);

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).startsWith("weft: symbol must be an identifier such as parse or Parser.parse, got: 'a-b'");
  }
}
