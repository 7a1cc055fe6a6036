package dev.weft.agents.program;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.env.ChunkSpec;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every error code with its pointer, one test each, and the plan's shape. */
class ProgramCompilerTest {
  private static final String VALID = """
      {"name": "deprecated-calls", "steps": [
        {"op": "chunk", "from": "input", "as": "pieces", "strategy": "line", "size": 40},
        {"op": "grep", "from": "pieces", "as": "hits", "pattern": "oldApi\\\\("},
        {"op": "map", "from": "hits", "as": "why", "instruction": "Why is oldApi called here?",
         "output": {"type": "object", "properties": {"module": {"type": "string"}}}, "maxSubcalls": 50},
        {"op": "reduce", "from": "why", "as": "modules", "query": "[.[] | .result.module] | unique"},
        {"op": "answer", "from": "modules"}
      ]}""";

  @Test
  void aValidProgramCompilesToAPlanWithItsShape() {
    Plan plan = ProgramCompiler.compileText(VALID, name -> false).planOrThrow();

    assertThat(plan.name()).isEqualTo("deprecated-calls");
    assertThat(plan.readsInput()).isTrue();
    assertThat(plan.slotsRead()).isEmpty();
    assertThat(plan.beforeMap()).extracting(Step::op).containsExactly("chunk", "grep");
    Step.Map map = plan.map().orElseThrow();
    assertThat(map.instruction()).isEqualTo("Why is oldApi called here?");
    assertThat(map.cap()).hasValue(50);
    assertThat(map.outputSchemaNode().orElseThrow().at("/properties/module/type").asText()).isEqualTo("string");
    assertThat(plan.afterMap()).extracting(Step::op).containsExactly("reduce");
    assertThat(plan.answer().from()).isEqualTo("modules");
    assertThat(((Step.Chunk) plan.steps().get(0)).spec())
        .isEqualTo(new ChunkSpec(ChunkSpec.Strategy.LINE, 40, java.util.Optional.empty()));
  }

  @Test
  void aPlanAndItsPartsSerializeForTheBeamRunner() throws Exception {
    Plan plan = ProgramCompiler.compileText(VALID, name -> false).planOrThrow();
    for (Object part : List.of(plan, plan.beforeMap(), plan.afterMap())) {
      java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
      try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
        out.writeObject(part);
      }
      try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(
          new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
        assertThat(in.readObject()).isEqualTo(part);
      }
    }
  }

  @Test
  void theFingerprintIgnoresMemberOrderAndLayoutButNotContent() {
    String reordered = """
        {"steps": [{"from": "notes", "op": "peek", "as": "p"}, {"op": "answer", "from": "p"}], "name": "x"}""";
    String original = """
        {"name":"x","steps":[{"op":"peek","from":"notes","as":"p"},{"op":"answer","from":"p"}]}""";
    String changed = original.replace("notes", "other");

    String fingerprint = ProgramCompiler.compileText(original, n -> true).planOrThrow().fingerprint();
    assertThat(ProgramCompiler.compileText(reordered, n -> true).planOrThrow().fingerprint()).isEqualTo(fingerprint);
    assertThat(ProgramCompiler.compileText(changed, n -> true).planOrThrow().fingerprint()).isNotEqualTo(fingerprint)
        .hasSize(64);
  }

  @Test
  void aNameNoStepWritesIsASlotWhenTheEnvironmentIsUnknown() {
    JsonNode doc = CanonicalJson.parse("""
        {"steps": [{"op": "stat", "from": "notes", "as": "s"}, {"op": "answer", "from": "s"}]}""");
    assertThat(ProgramCompiler.compile(doc).planOrThrow().slotsRead()).containsExactly("notes");
  }

  @Test
  void ai0001NotJson() {
    assertOnly("{\"steps\": [", ErrorCode.AI0001, "");
  }

  @Test
  void ai0101SchemaViolationUnknownMember() {
    assertOnly("""
        {"steps": [{"op": "answer", "from": "input", "colour": "red"}]}""", ErrorCode.AI0101, "/steps/0");
  }

  @Test
  void ai0101SeparatorStrategyWithoutSeparator() {
    assertOnly("""
        {"steps": [{"op": "chunk", "from": "input", "as": "c", "strategy": "separator", "size": 10},
                   {"op": "answer", "from": "c"}]}""", ErrorCode.AI0101, "/steps/0");
  }

  @Test
  void ai0102UnknownStep() {
    assertOnly("""
        {"steps": [{"op": "summarize", "from": "input", "as": "s"}, {"op": "answer", "from": "input"}]}""",
        ErrorCode.AI0102, "/steps/0/op");
  }

  @Test
  void ai0103TooManySteps() {
    StringBuilder steps = new StringBuilder();
    for (int i = 0; i < 12; i++) {
      steps.append("{\"op\": \"stat\", \"from\": \"input\", \"as\": \"s").append(i).append("\"},");
    }
    assertOnly("{\"steps\": [" + steps + "{\"op\": \"answer\", \"from\": \"s0\"}]}", ErrorCode.AI0103, "/steps");
  }

  @Test
  void ai0104TextTooLong() {
    assertOnly("{\"steps\": [{\"op\": \"map\", \"from\": \"input\", \"as\": \"m\", \"instruction\": \""
        + "x".repeat(4001) + "\"}, {\"op\": \"answer\", \"from\": \"m\"}]}", ErrorCode.AI0104, "/steps/0/instruction");
  }

  @Test
  void ai0105NumberOutOfRange() {
    assertOnly("""
        {"steps": [{"op": "map", "from": "input", "as": "m", "instruction": "x", "maxSubcalls": 0},
                   {"op": "answer", "from": "m"}]}""", ErrorCode.AI0105, "/steps/0/maxSubcalls");
  }

  @Test
  void ai0106OutputSchemaInvalid() {
    assertOnly("""
        {"steps": [{"op": "map", "from": "input", "as": "m", "instruction": "x",
                    "output": {"$ref": "https://example.com/schema.json"}},
                   {"op": "answer", "from": "m"}]}""", ErrorCode.AI0106, "/steps/0/output");
  }

  @Test
  void ai0108AnEndlessRefIsRefusedAtItsPointer() {
    // the schema of issue 29 H5: it loaded, and every reply's check then overflowed the map thread's stack
    CompileError error = assertOnly("""
        {"steps": [{"op": "map", "from": "input", "as": "m", "instruction": "x",
                    "output": {"$defs": {"a": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}},
                   {"op": "answer", "from": "m"}]}""", ErrorCode.AI0108, "/steps/0/output/$defs/a/$ref");
    assertThat(error.message()).contains("'#/$defs/a' leads back to itself", "properties or items");
  }

  @Test
  void ai0108AnUnresolvableRefIsRefusedAtItsPointer() {
    CompileError error = assertOnly("""
        {"steps": [{"op": "map", "from": "input", "as": "m", "instruction": "x",
                    "output": {"type": "object", "properties": {"k": {"$ref": "#/$defs/missing"}}}},
                   {"op": "answer", "from": "m"}]}""", ErrorCode.AI0108, "/steps/0/output/properties/k/$ref");
    assertThat(error.message()).contains("'#/$defs/missing' does not resolve");
  }

  @Test
  void aRecursiveTreeTypeCompiles() {
    Compilation compilation = ProgramCompiler.compileText("""
        {"steps": [{"op": "map", "from": "input", "as": "m", "instruction": "x",
                    "output": {"$defs": {"node": {"type": "object", "properties": {
                                 "name": {"type": "string"},
                                 "kids": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}},
                               "$ref": "#/$defs/node"}},
                   {"op": "answer", "from": "m"}]}""", n -> true);
    assertThat(compilation.errors()).isEmpty();
  }

  @Test
  void ai0107OutputSchemaTooLarge() {
    assertOnly("{\"steps\": [{\"op\": \"map\", \"from\": \"input\", \"as\": \"m\", \"instruction\": \"x\","
        + " \"output\": {\"description\": \"" + "d".repeat(ProgramCompiler.MAX_OUTPUT_SCHEMA_CHARS) + "\"}},"
        + " {\"op\": \"answer\", \"from\": \"m\"}]}", ErrorCode.AI0107, "/steps/0/output");
  }

  @Test
  void ai0201ReadBeforeWritten() {
    CompileError error = assertOnly("""
        {"steps": [{"op": "peek", "from": "later", "as": "p"},
                   {"op": "stat", "from": "input", "as": "later"},
                   {"op": "answer", "from": "p"}]}""", ErrorCode.AI0201, "/steps/0/from");
    assertThat(error.message()).contains("'later'", "step 1");
  }

  @Test
  void ai0202MissingSlot() {
    assertOnly("""
        {"steps": [{"op": "peek", "from": "notes", "as": "p"}, {"op": "answer", "from": "p"}]}""",
        ErrorCode.AI0202, "/steps/0/from", Set.of("other"));
  }

  @Test
  void ai0203DuplicateAs() {
    assertOnly("""
        {"steps": [{"op": "stat", "from": "input", "as": "s"}, {"op": "peek", "from": "input", "as": "s"},
                   {"op": "answer", "from": "s"}]}""", ErrorCode.AI0203, "/steps/1/as");
  }

  @Test
  void ai0204ReservedName() {
    assertOnly("""
        {"steps": [{"op": "stat", "from": "notes", "as": "input"}, {"op": "answer", "from": "notes"}]}""",
        ErrorCode.AI0204, "/steps/0/as");
  }

  @Test
  void ai0205WrongKind() {
    assertOnly("""
        {"steps": [{"op": "stat", "from": "input", "as": "s"},
                   {"op": "reduce", "from": "s", "as": "r", "query": "."},
                   {"op": "answer", "from": "r"}]}""", ErrorCode.AI0205, "/steps/1/from");
  }

  @Test
  void ai0301JqDoesNotCompileKeepsJacksonJqsMessageAtTheStepsQuery() {
    CompileError error = assertOnly("""
        {"steps": [{"op": "stat", "from": "input", "as": "s0"}, {"op": "stat", "from": "input", "as": "s1"},
                   {"op": "map", "from": "input", "as": "m", "instruction": "x"},
                   {"op": "reduce", "from": "m", "as": "r", "query": "[.[] | .result"},
                   {"op": "answer", "from": "r"}]}""", ErrorCode.AI0301, "/steps/3/query");
    assertThat(error.message()).startsWith("the jq query does not compile: ").hasSizeGreaterThan(40);
  }

  @Test
  void ai0302RegexDoesNotCompile() {
    assertOnly("""
        {"steps": [{"op": "grep", "from": "input", "as": "g", "pattern": "oldApi("},
                   {"op": "answer", "from": "g"}]}""", ErrorCode.AI0302, "/steps/0/pattern");
  }

  @Test
  void ai0303MoreThanOneMap() {
    assertOnly("""
        {"steps": [{"op": "map", "from": "input", "as": "a", "instruction": "x"},
                   {"op": "map", "from": "input", "as": "b", "instruction": "y"},
                   {"op": "answer", "from": "b"}]}""", ErrorCode.AI0303, "/steps/1/op");
  }

  @Test
  void ai0304NoAnswer() {
    assertOnly("""
        {"steps": [{"op": "stat", "from": "input", "as": "s"}]}""", ErrorCode.AI0304, "/steps");
  }

  @Test
  void ai0305AnswerNotLast() {
    assertOnly("""
        {"steps": [{"op": "answer", "from": "input"}, {"op": "stat", "from": "input", "as": "s"}]}""",
        ErrorCode.AI0305, "/steps/0");
  }

  @Test
  void everyErrorIsReportedNotJustTheFirst() {
    Compilation refused = ProgramCompiler.compileText("""
        {"steps": [{"op": "peek", "from": "later", "as": "later"},
                   {"op": "grep", "from": "input", "as": "later", "pattern": "("}]}""", n -> true);
    assertThat(refused.errors()).extracting(CompileError::code)
        .containsExactly(ErrorCode.AI0201, ErrorCode.AI0302, ErrorCode.AI0203, ErrorCode.AI0304);
  }

  private static CompileError assertOnly(String text, ErrorCode code, String pointer) {
    return assertOnly(text, code, pointer, null);
  }

  private static CompileError assertOnly(String text, ErrorCode code, String pointer, Set<String> slots) {
    Compilation compilation = ProgramCompiler.compileText(text, slots == null ? n -> true : slots::contains);
    assertThat(compilation.ok()).as("refused").isFalse();
    assertThat(compilation.errors()).as(compilation.errors().toString())
        .extracting(CompileError::code, CompileError::pointer)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(code, pointer));
    return compilation.errors().get(0);
  }
}
