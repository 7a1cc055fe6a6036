package dev.weft.agents.program;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Whatever a model writes, the compiler answers a plan or coded errors: it never throws. */
class ProgramCompilerPropertyTest {
  private static final List<String> NAMES = List.of("input", "notes", "a", "b", "c", "x#1", "");
  private static final List<String> OPS = List.of("chunk", "grep", "select", "stat", "peek", "map", "reduce",
      "answer", "fold", "");
  private static final List<String> MEMBERS = List.of("op", "from", "as", "strategy", "size", "separator",
      "pattern", "ignoreCase", "query", "instruction", "output", "maxSubcalls", "extra");

  @Property(tries = 400)
  void randomDocumentsYieldAPlanOrCodedErrors(@ForAll("documents") JsonNode document) {
    Compilation compilation = ProgramCompiler.compile(document, name -> name.equals("notes"));

    assertThat(compilation.ok()).isEqualTo(compilation.errors().isEmpty());
    compilation.errors().forEach(error -> assertThat(error.pointer()).matches("(/[^/]*)*"));
    compilation.plan().ifPresent(plan -> assertThat(plan.fingerprint()).hasSize(64));
  }

  @Property(tries = 200)
  void randomTextYieldsAPlanOrCodedErrors(@ForAll("texts") String text) {
    Compilation compilation = ProgramCompiler.compileText(text, name -> true);
    assertThat(compilation.ok() || !compilation.errors().isEmpty()).isTrue();
  }

  @Provide
  Arbitrary<String> texts() {
    return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(60),
        documents().map(CanonicalJson::of).map(s -> s.substring(0, s.length() / 2)));
  }

  @Provide
  Arbitrary<JsonNode> documents() {
    Arbitrary<ObjectNode> step = Combinators.combine(
        Arbitraries.of(OPS), Arbitraries.of(NAMES), Arbitraries.of(NAMES),
        Arbitraries.subsetOf(MEMBERS), values()).as((op, from, as, members, value) -> {
          ObjectNode node = CanonicalJson.MAPPER.createObjectNode();
          for (String member : members) {
            node.set(member, value);
          }
          node.put("op", op);
          if (!from.isEmpty()) {
            node.put("from", from);
          }
          if (!as.isEmpty()) {
            node.put("as", as);
          }
          if (members.contains("strategy")) {
            node.put("strategy", "line");
            node.put("size", 3);
          }
          if (members.contains("query")) {
            node.put("query", value.isTextual() ? value.asText() : ".[0]");
          }
          if (members.contains("instruction")) {
            node.put("instruction", "say why");
          }
          return node;
        });
    return Combinators.combine(step.list().ofMaxSize(14), Arbitraries.of(true, false))
        .as((steps, named) -> {
          ObjectNode doc = CanonicalJson.MAPPER.createObjectNode();
          ArrayNode array = doc.putArray("steps");
          steps.forEach(array::add);
          if (named) {
            doc.put("name", "p");
          }
          return doc;
        });
  }

  private static Arbitrary<JsonNode> values() {
    return Arbitraries.oneOf(
        Arbitraries.integers().between(-5, 2_000_000).map(i -> CanonicalJson.MAPPER.getNodeFactory().numberNode(i)),
        Arbitraries.of("(", ".[] | .result", "[", "a|b", "{", "oldApi\\(")
            .map(s -> CanonicalJson.MAPPER.getNodeFactory().textNode(s)),
        Arbitraries.just(CanonicalJson.MAPPER.getNodeFactory().booleanNode(true)),
        Arbitraries.just(CanonicalJson.parse("{\"type\": \"object\"}")),
        Arbitraries.just(CanonicalJson.parse("{\"type\": 7}")),
        Arbitraries.just(CanonicalJson.MAPPER.nullNode()));
  }
}
