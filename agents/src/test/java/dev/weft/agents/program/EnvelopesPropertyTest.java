package dev.weft.agents.program;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import java.util.stream.StreamSupport;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The envelope gate: a value is an envelope sequence exactly when it is null, an envelope, or an array of them. */
class EnvelopesPropertyTest {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  @Provide
  Arbitrary<JsonNode> values() {
    return Arbitraries.recursive(EnvelopesPropertyTest::scalars, EnvelopesPropertyTest::containers, 0, 3);
  }

  private static Arbitrary<JsonNode> scalars() {
    return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(5).map(NODES::textNode),
        Arbitraries.integers().between(-5, 5).map(NODES::numberNode),
        Arbitraries.of(NODES.nullNode(), NODES.booleanNode(true)));
  }

  /** Objects whose members are any subset of slot, value, address, result; arrays of up to four values. */
  private static Arbitrary<JsonNode> containers(Arbitrary<JsonNode> inner) {
    Arbitrary<JsonNode> objects = Arbitraries.subsetOf("slot", "value", "address", "result")
        .flatMap(keys -> inner.list().ofSize(keys.size()).map(values -> {
          ObjectNode object = NODES.objectNode();
          int i = 0;
          for (String key : keys) {
            object.set(key, values.get(i++));
          }
          return (JsonNode) object;
        }));
    Arbitrary<JsonNode> arrays = inner.list().ofMaxSize(4).map(list -> (JsonNode) NODES.arrayNode().addAll(list));
    return Arbitraries.oneOf(objects, arrays, inner);
  }

  private static boolean envelope(JsonNode node) {
    return node.isObject() && node.has("slot") && node.get("slot").isTextual() && node.has("value");
  }

  @Property(tries = 500)
  void itemsAcceptsExactlyNullAnEnvelopeOrAnArrayOfEnvelopes(@ForAll("values") JsonNode value) {
    boolean expected = value.isNull() || envelope(value)
        || (value.isArray() && StreamSupport.stream(value.spliterator(), false)
            .allMatch(EnvelopesPropertyTest::envelope));

    Optional<List<JsonNode>> items = Envelopes.items(value);

    assertThat(items.isPresent()).isEqualTo(expected);
    items.ifPresent(list -> assertThat(list).allMatch(EnvelopesPropertyTest::envelope)
        .hasSize(value.isArray() ? value.size() : value.isNull() ? 0 : 1));
  }

  @Property(tries = 200)
  void wrappingAnyResultsInTheEnvelopeKeepsThemForTheRunTimeGate(@ForAll("values") JsonNode result) {
    ArrayNode envelopes = NODES.arrayNode();
    envelopes.addObject().put("slot", "m/0").set("value", result);

    assertThat(Envelopes.items(envelopes)).isPresent();
  }
}
