package dev.weft.agents.tool;

import static dev.weft.agents.tool.ToolboxTest.SEARCH;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The repair on generated input: any value the schema accepts, with any choice of its structured members (at any
 * depth, inner ones before the ones around them, so some are encoded twice) JSON-encoded as strings, is repaired to
 * exactly that value; and a value the schema accepts is never touched — strings that merely look like JSON
 * included.
 */
class ToolInputRepairPropertyTest {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final ToolInput SEARCH_INPUT = ToolInput.of("search", SEARCH);

  @Property(tries = 300)
  void encodedStructureIsRepairedToExactlyTheValue(@ForAll("valid") JsonNode value, @ForAll long seed) {
    Random choices = new Random(seed);
    int[] encoded = {0};
    JsonNode sent = encode(value, choices, encoded);

    ToolInput.Outcome outcome = SEARCH_INPUT.check(sent);

    assertThat(outcome).isInstanceOf(ToolInput.Accepted.class);
    ToolInput.Accepted accepted = (ToolInput.Accepted) outcome;
    assertThat(accepted.input()).isEqualTo(value);
    assertThat(accepted.repaired()).hasSize(encoded[0]);
  }

  @Property(tries = 300)
  void validInputIsNeverChanged(@ForAll("valid") JsonNode value) {
    ToolInput.Outcome outcome = SEARCH_INPUT.check(value);

    assertThat(outcome).isInstanceOf(ToolInput.Accepted.class);
    assertThat(((ToolInput.Accepted) outcome).input()).isSameAs(value);
    assertThat(((ToolInput.Accepted) outcome).repaired()).isEmpty();
  }

  /** {@code value} with some of the members SEARCH wants as structure replaced by their JSON text. */
  private static JsonNode encode(JsonNode value, Random choices, int[] encoded) {
    ObjectNode sent = value.deepCopy();
    if (sent.has("filter")) {
      ObjectNode filter = (ObjectNode) sent.get("filter");
      maybe(filter, "tags", choices, encoded);
      maybe(filter, "range", choices, encoded);
      maybe(sent, "filter", choices, encoded);
    }
    if (sent.has("pairs")) {
      ArrayNode pairs = (ArrayNode) sent.get("pairs");
      for (int i = 0; i < pairs.size(); i++) {
        if (choices.nextBoolean()) {
          pairs.set(i, NODES.textNode(pairs.get(i).toString()));
          encoded[0]++;
        }
      }
      maybe(sent, "pairs", choices, encoded);
    }
    maybe(sent, "ids", choices, encoded);
    return sent;
  }

  private static void maybe(ObjectNode parent, String member, Random choices, int[] encoded) {
    if (parent.has(member) && choices.nextBoolean()) {
      parent.put(member, parent.get(member).toString());
      encoded[0]++;
    }
  }

  @Provide
  Arbitrary<JsonNode> valid() {
    Arbitrary<String> query = Arbitraries.oneOf(Arbitraries.strings().ofMinLength(1).ofMaxLength(12),
        Arbitraries.of("{}", "[1]", "{\"a\":1}", "null", "[\"x\"]"));
    Arbitrary<Optional<Integer>> n = Arbitraries.integers().between(1, 1000).optional();
    Arbitrary<Optional<List<String>>> tags = Arbitraries.strings().ofMaxLength(6).list().ofMaxSize(4).optional();
    Arbitrary<Optional<JsonNode>> range = range().optional();
    Arbitrary<Optional<JsonNode>> filter = Combinators.combine(tags, range).as((t, r) -> {
      ObjectNode f = NODES.objectNode();
      t.ifPresent(list -> list.forEach(f.withArray("tags")::add));
      r.ifPresent(v -> f.set("range", v));
      return (JsonNode) f;
    }).optional();
    Arbitrary<Optional<List<Integer>>> ids = Arbitraries.integers().list().ofMaxSize(5).optional();
    Arbitrary<Optional<List<JsonNode>>> pairs = range().list().ofMaxSize(3).optional();
    return Combinators.combine(query, n, filter, ids, pairs).as((q, count, f, i, p) -> {
      ObjectNode value = NODES.objectNode().put("query", q);
      count.ifPresent(c -> value.put("n", c));
      f.ifPresent(v -> value.set("filter", v));
      i.ifPresent(list -> list.forEach(value.withArray("ids")::add));
      p.ifPresent(list -> list.forEach(value.withArray("pairs")::add));
      return value;
    });
  }

  private static Arbitrary<JsonNode> range() {
    return Combinators.combine(Arbitraries.integers(), Arbitraries.integers())
        .as((from, to) -> NODES.objectNode().put("from", from).put("to", to));
  }
}
