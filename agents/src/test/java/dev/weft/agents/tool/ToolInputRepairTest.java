package dev.weft.agents.tool;

import static dev.weft.agents.tool.ToolboxTest.SEARCH;
import static dev.weft.agents.tool.ToolboxTest.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class ToolInputRepairTest {
  private final ToolInput search = ToolInput.of("search", SEARCH);

  private ToolInput.Accepted accepted(JsonNode input) {
    ToolInput.Outcome outcome = search.check(input);
    assertThat(outcome).isInstanceOf(ToolInput.Accepted.class);
    return (ToolInput.Accepted) outcome;
  }

  private ObjectNode rejected(JsonNode input) {
    ToolInput.Outcome outcome = search.check(input);
    assertThat(outcome).isInstanceOf(ToolInput.Rejected.class);
    return ((ToolInput.Rejected) outcome).answer();
  }

  @Test
  void validInputIsPassedAsItCame() {
    JsonNode input = json("{\"query\":\"q\",\"filter\":{\"tags\":[\"a\"]}}");
    ToolInput.Accepted ok = accepted(input);
    assertThat(ok.input()).isSameAs(input);
    assertThat(ok.repaired()).isEmpty();
  }

  @Test
  void anObjectSentAsJsonTextIsParsed() {
    JsonNode input = json("{\"query\":\"q\",\"filter\":\"{\\\"tags\\\":[\\\"a\\\",\\\"b\\\"]}\"}");
    ToolInput.Accepted ok = accepted(input);
    assertThat(ok.input()).isEqualTo(json("{\"query\":\"q\",\"filter\":{\"tags\":[\"a\",\"b\"]}}"));
    assertThat(ok.repaired()).containsExactly("/filter");
    assertThat(input.path("filter").isTextual()).as("the given input is not changed").isTrue();
  }

  @Test
  void anArraySentAsJsonTextIsParsed() {
    ToolInput.Accepted ok = accepted(json("{\"query\":\"q\",\"ids\":\"[1, 2, 3]\"}"));
    assertThat(ok.input().path("ids")).isEqualTo(json("[1,2,3]"));
    assertThat(ok.repaired()).containsExactly("/ids");
  }

  @Test
  void nestedTextInsideItemsAndRefsAndTextInsideParsedTextAreParsed() {
    // filter.range (through a $ref) and pairs/1 (items through a $ref) are encoded; filter is encoded around an
    // encoded tags array
    ObjectNode filter = JsonNodeFactory.instance.objectNode().put("tags", "[\"x\"]")
        .put("range", "{\"from\":1,\"to\":2}");
    ObjectNode input = JsonNodeFactory.instance.objectNode().put("query", "q").put("filter", filter.toString());
    input.putArray("pairs").add(json("{\"from\":0,\"to\":1}")).add("{\"from\":5,\"to\":9}");
    ToolInput.Accepted ok = accepted(input);
    assertThat(ok.input()).isEqualTo(json("{\"query\":\"q\",\"filter\":{\"tags\":[\"x\"],\"range\":{\"from\":1,"
        + "\"to\":2}},\"pairs\":[{\"from\":0,\"to\":1},{\"from\":5,\"to\":9}]}"));
    assertThat(ok.repaired()).containsExactly("/filter", "/filter/tags", "/filter/range", "/pairs/1");
  }

  @Test
  void theWholeArgumentsObjectSentAsTextIsParsed() {
    ToolInput.Accepted ok = accepted(JsonNodeFactory.instance.textNode("{\"query\":\"q\"}"));
    assertThat(ok.input()).isEqualTo(json("{\"query\":\"q\"}"));
    assertThat(ok.repaired()).containsExactly("");
  }

  @Test
  void aStringPropertyHoldingJsonTextStaysText() {
    JsonNode input = json("{\"query\":\"{\\\"a\\\":1}\",\"ids\":\"[1]\"}");
    ToolInput.Accepted ok = accepted(input);
    assertThat(ok.input().path("query").asText()).isEqualTo("{\"a\":1}");
    assertThat(ok.input().path("ids")).isEqualTo(json("[1]"));
  }

  @Test
  void repairedInputThatStillFailsIsJudgedAsParsed() {
    ObjectNode answer = rejected(json("{\"query\":\"q\",\"filter\":\"{\\\"range\\\":{\\\"from\\\":1}}\"}"));
    assertThat(answer.path("errors")).hasSize(1);
    assertThat(answer.at("/errors/0/instancePath").asText()).isEqualTo("/filter/range");
    assertThat(answer.at("/errors/0/keyword").asText()).isEqualTo("required");
    assertThat(answer.has("hint")).isFalse();
  }

  @Test
  void textThatDoesNotParseGetsAHintNamingThePropertyAndTheParsersComplaint() {
    ObjectNode answer = rejected(json("{\"query\":\"q\",\"filter\":\"{tags: ['a']}\"}"));
    assertThat(answer.at("/errors/0/instancePath").asText()).isEqualTo("/filter");
    assertThat(answer.at("/errors/0/keyword").asText()).isEqualTo("type");
    assertThat(answer.path("hint").asText())
        .startsWith("'/filter' wants an object but arrived as a string that does not parse as JSON (")
        .contains("at column ")
        .endsWith("pass the JSON value itself, not JSON-encoded text");
    assertThat(answer.fieldNames()).toIterable().containsExactly("error", "errors", "hint", "inputSchema");
  }

  @Test
  void textOfTheWrongJsonTypeGetsAHintToo() {
    ObjectNode answer = rejected(json("{\"query\":\"q\",\"ids\":\"{\\\"a\\\":1}\",\"filter\":\"7\"}"));
    assertThat(answer.path("hint").asText()).contains("'/ids' wants an array but arrived as a string that parses as "
        + "object, not as an array", "'/filter' wants an object but arrived as a string that parses as number");
  }

  @Test
  void theRepairIsBoundedInSizeAndDepth() {
    String big = "[" + "1,".repeat(JsonTextRepair.MAX_STRING_CHARS / 2) + "1]";
    ObjectNode answer = rejected(JsonNodeFactory.instance.objectNode().put("query", "q").put("ids", big));
    assertThat(answer.path("hint").asText()).contains("'/ids' wants an array but arrived as a string that is "
        + big.length() + " characters long, more than the " + JsonTextRepair.MAX_STRING_CHARS + " the repair parses");

    String deep = "[".repeat(JsonTextRepair.MAX_DEPTH + 1) + "]".repeat(JsonTextRepair.MAX_DEPTH + 1);
    ObjectNode tooDeep = rejected(JsonNodeFactory.instance.objectNode().put("query", "q").put("ids", deep));
    assertThat(tooDeep.path("hint").asText()).contains("'/ids' wants an array but arrived as a string that does not "
        + "parse as JSON (").contains("nesting depth");
    assertThat(tooDeep.path("hint").asText().length()).isLessThan(600);
  }

  @Test
  void oneCallParsesAtMostItsBudget() {
    ObjectNode schema = JsonNodeFactory.instance.objectNode().put("type", "object");
    schema.putObject("additionalProperties").put("type", "array");
    ToolInput many = ToolInput.of("many", schema);
    String text = "[" + "0,".repeat(JsonTextRepair.MAX_STRING_CHARS / 2 - 2) + "0]";
    ObjectNode input = JsonNodeFactory.instance.objectNode();
    int fits = JsonTextRepair.MAX_TOTAL_CHARS / text.length();
    for (int i = 0; i <= fits; i++) {
      input.put("p" + i, text);
    }
    input.put("bad", 1); // keeps the call invalid, so the hint is shown
    ObjectNode answer = ((ToolInput.Rejected) many.check(input)).answer();
    assertThat(answer.path("hint").asText()).contains("'/p" + fits + "' wants an array but arrived as a string that "
        + "was not parsed: this call's repair budget of " + JsonTextRepair.MAX_TOTAL_CHARS + " characters is spent");
    assertThat(answer.path("errors")).hasSize(2); // p<fits> still a string, and bad
  }

  @Test
  void inputNestedTooDeeplyIsRefusedBeforeValidation() {
    String deep = "{\"query\":\"q\",\"x\":" + "[".repeat(ToolInput.MAX_INPUT_DEPTH) + "]".repeat(
        ToolInput.MAX_INPUT_DEPTH) + "}";
    ObjectNode answer = rejected(json(deep));
    assertThat(answer.path("error").asText()).isEqualTo("invalid arguments for tool 'search': they nest "
        + (ToolInput.MAX_INPUT_DEPTH + 1) + " levels deep, more than the " + ToolInput.MAX_INPUT_DEPTH
        + " a call may; send flatter input as its inputSchema describes");
    assertThat(answer.path("errors")).isEmpty();
  }

  @Test
  void inputTheValidatorCannotReadIsRefusedNotThrown() {
    ObjectNode input = JsonNodeFactory.instance.objectNode().put("query", "q");
    input.put("n", new BigInteger("9".repeat(2000)));
    ObjectNode answer = rejected(input);
    assertThat(answer.path("error").asText()).startsWith("invalid arguments for tool 'search': the validator cannot "
        + "read them: Number value length (2000) exceeds the maximum allowed (1000");
    assertThat(answer.path("errors")).isEmpty();
  }

  @Test
  void membersAPatternGovernsAreNotRepairedByTheAdditionalSchema() {
    ToolInput labels = ToolInput.of("labels", json("{\"type\":\"object\",\"properties\":{\"n\":{\"type\":"
        + "\"integer\"}},\"patternProperties\":{\"^x-\":{\"type\":\"string\"}},\"additionalProperties\":"
        + "{\"type\":\"object\"}}"));
    ToolInput.Outcome outcome = labels.check(json("{\"n\":\"1\",\"x-raw\":\"{\\\"a\\\":1}\"}"));
    assertThat(outcome).isInstanceOf(ToolInput.Rejected.class);
    ObjectNode answer = ((ToolInput.Rejected) outcome).answer();
    assertThat(answer.path("errors")).hasSize(1);
    assertThat(answer.at("/errors/0/instancePath").asText()).isEqualTo("/n");
  }
}
