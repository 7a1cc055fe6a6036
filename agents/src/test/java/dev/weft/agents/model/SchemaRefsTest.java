package dev.weft.agents.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * The cycle rule: a ref chain that comes back to where it started through keywords that apply to the same value
 * never ends and is refused; one that passes through a keyword applying to a member or element is a tree type,
 * accepted, and the validator does end on it.
 */
class SchemaRefsTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  /** Wrap a ref so it applies to the same value. */
  private static final List<String> IN_PLACE = List.of("ref", "allOf", "anyOf", "oneOf", "not", "if", "then",
      "dependentSchemas");
  /** Wrap a ref so it applies to a member or an element. */
  private static final List<String> DESCENDING = List.of("properties", "items", "prefixItems",
      "additionalProperties", "patternProperties");
  private static final List<String> INSTANCES = List.of("null", "{}", "[]", "\"s\"", "{\"p\": {\"p\": {}}}",
      "[[[]]]", "{\"x\": [{\"p\": 1}]}");

  @Property(tries = 300)
  void aLoopOfInPlaceLinksIsRefusedAtOneOfItsRefs(@ForAll @Size(min = 1, max = 5) List<@From("inPlace") String> links,
      @ForAll @IntRange(min = 0, max = 4) int back) {
    int loopStart = back % links.size();
    JsonNode schema = chain(links, loopStart);

    Optional<SchemaRefs.Problem> problem = SchemaRefs.check(schema);

    assertThat(problem).isPresent();
    String pointer = problem.get().pointer();
    assertThat(pointer).startsWith("/$defs/d").endsWith("/$ref");
    assertThat(schema.at(pointer).isTextual()).as(pointer).isTrue();
    int def = Integer.parseInt(pointer.substring("/$defs/d".length()).split("/")[0]);
    assertThat(def).as("a ref on the loop").isBetween(loopStart, links.size() - 1);
    assertThat(problem.get().message()).contains("leads back to itself");
  }

  @Property(tries = 300)
  void aLoopThroughAMemberOrElementIsATreeAndTheValidatorEndsOnIt(
      @ForAll @Size(min = 1, max = 5) List<@From("any") String> links, @ForAll @IntRange(min = 0, max = 4) int at,
      @ForAll("descending") String descending, @ForAll @IntRange(min = 0, max = 4) int back) {
    List<String> withDescent = new ArrayList<>(links);
    withDescent.set(at % links.size(), descending);
    JsonNode schema = chain(withDescent, back % links.size());
    // the loop may close before the descending link: only a loop that contains it is a tree
    boolean descends = withDescent.subList(back % links.size(), links.size()).stream().anyMatch(DESCENDING::contains);

    Optional<SchemaRefs.Problem> problem = SchemaRefs.check(schema);

    assertThat(problem.isEmpty()).isEqualTo(descends);
    if (descends) {
      for (String instance : INSTANCES) {
        ReplySchema.violation(schema, json(instance)); // ends: no StackOverflowError
      }
    }
  }

  @Property(tries = 100)
  void aRefToANameNotDefinedIsUnresolvedAtItsPointer(@ForAll("names") String missing) {
    JsonNode schema = json("{\"$defs\": {\"there\": {\"type\": \"string\"}}, \"type\": \"object\","
        + " \"properties\": {\"k\": {\"$ref\": \"#/$defs/" + missing + "\"}}}");

    Optional<SchemaRefs.Problem> problem = SchemaRefs.check(schema);

    assertThat(problem).map(SchemaRefs.Problem::pointer).contains("/properties/k/$ref");
    assertThat(problem.get().message()).contains("does not resolve");
  }

  @Example
  void remoteAndRelativeRefsNeverResolve() {
    for (String ref : List.of("https://example.com/s.json", "other.json#/a", "s.json", "file:///etc/passwd")) {
      assertThat(SchemaRefs.check(json("{\"$ref\": \"" + ref + "\"}"))).map(SchemaRefs.Problem::pointer)
          .as(ref).contains("/$ref");
    }
  }

  @Example
  void rootAnchorsAndEscapedPointersResolve() {
    assertThat(SchemaRefs.check(json("{\"$defs\": {\"a/b\": {\"$anchor\": \"ab\", \"type\": \"string\"}},"
        + " \"properties\": {\"x\": {\"$ref\": \"#/$defs/a~1b\"}, \"y\": {\"$ref\": \"#ab\"},"
        + " \"z\": {\"$ref\": \"#\"}}}"))).isEmpty();
    assertThat(SchemaRefs.check(json("{\"$ref\": \"#\"}"))).map(SchemaRefs.Problem::pointer).contains("/$ref");
    assertThat(SchemaRefs.check(json("{\"$ref\": \"#nope\"}"))).map(SchemaRefs.Problem::pointer).contains("/$ref");
    assertThat(SchemaRefs.check(json("{\"$ref\": \"#/$defs/%zz\"}"))).isPresent();
  }

  @Example
  void aLoopNoRefReachesIsStillRefused() {
    assertThat(SchemaRefs.check(json("{\"$defs\": {\"a\": {\"allOf\": [{\"$ref\": \"#/$defs/b\"}]},"
        + " \"b\": {\"$ref\": \"#/$defs/a\"}}, \"type\": \"string\"}")))
        .map(SchemaRefs.Problem::pointer).contains("/$defs/a/allOf/0/$ref");
  }

  /** {@code $defs} d0..dN-1, each linking to the next by its wrapper, the last back to {@code d<back>}. */
  private static JsonNode chain(List<String> links, int back) {
    ObjectNode schema = MAPPER.createObjectNode();
    ObjectNode defs = schema.putObject("$defs");
    for (int i = 0; i < links.size(); i++) {
      int next = i + 1 < links.size() ? i + 1 : back;
      defs.set("d" + i, wrap(links.get(i), "#/$defs/d" + next));
    }
    schema.put("$ref", "#/$defs/d0");
    return schema;
  }

  private static JsonNode wrap(String link, String target) {
    ObjectNode ref = MAPPER.createObjectNode().put("$ref", target);
    ObjectNode node = MAPPER.createObjectNode();
    switch (link) {
      case "ref" -> {
        return ref;
      }
      case "allOf", "anyOf", "oneOf", "prefixItems" -> node.putArray(link).add(ref);
      case "not", "if", "then", "items", "additionalProperties" -> node.set(link, ref);
      case "dependentSchemas", "properties" -> node.putObject(link).set("p", ref);
      case "patternProperties" -> node.putObject(link).set("^x", ref);
      default -> throw new IllegalArgumentException(link);
    }
    return node;
  }

  @Provide
  Arbitrary<String> inPlace() {
    return Arbitraries.of(IN_PLACE);
  }

  @Provide
  Arbitrary<String> descending() {
    return Arbitraries.of(DESCENDING);
  }

  @Provide
  Arbitrary<String> any() {
    return Arbitraries.of(Stream.concat(IN_PLACE.stream(), DESCENDING.stream()).toList());
  }

  @Provide
  Arbitrary<String> names() {
    return Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(8).filter(n -> !n.equals("there"));
  }

  private static JsonNode json(String text) {
    try {
      return MAPPER.readTree(text);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
