package dev.weft.k8s;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The two schema rewrites alone, on small schemas: what each OpenAPI or fabric8 construct becomes. */
class SchemaConversionTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void aStructuralObjectIsClosedUnlessItPreservesUnknownFields() {
    JsonNode closed = OpenApiSchemas.toJsonSchema(json("{'type':'object','properties':{'a':{'type':'string'}}}"));
    JsonNode open = OpenApiSchemas.toJsonSchema(json("{'type':'object','properties':{'a':{'type':'string'}},"
        + "'x-kubernetes-preserve-unknown-fields':true}"));
    JsonNode map = OpenApiSchemas.toJsonSchema(json("{'type':'object','additionalProperties':{'type':'string'}}"));

    assertThat(closed.get("additionalProperties").asBoolean(true)).isFalse();
    assertThat(open.has("additionalProperties")).isFalse();
    assertThat(open.has("x-kubernetes-preserve-unknown-fields")).isFalse();
    assertThat(map.get("additionalProperties")).isEqualTo(json("{'type':'string'}"));
  }

  @Test
  void intOrStringNullableAndEmbeddedResourcesBecomeTheirJsonSchemaForms() {
    JsonNode port = OpenApiSchemas.toJsonSchema(json("{'anyOf':[{'type':'integer'},{'type':'string'}],"
        + "'x-kubernetes-int-or-string':true}"));
    JsonNode bare = OpenApiSchemas.toJsonSchema(json("{'x-kubernetes-int-or-string':true}"));
    JsonNode nullable = OpenApiSchemas.toJsonSchema(json("{'type':'string','nullable':true}"));
    JsonNode embedded = OpenApiSchemas.toJsonSchema(json("{'type':'object','x-kubernetes-embedded-resource':true,"
        + "'properties':{'spec':{'type':'object'}}}"));

    assertThat(port).isEqualTo(json("{'anyOf':[{'type':'integer'},{'type':'string'}]}"));
    assertThat(bare).isEqualTo(port);
    assertThat(nullable).isEqualTo(json("{'type':['string','null']}"));
    assertThat(embedded.get("properties").fieldNames()).toIterable()
        .containsExactly("spec", "apiVersion", "kind", "metadata");
    assertThat(embedded.get("additionalProperties").asBoolean(true)).isFalse();
  }

  @Test
  void openApiKeywordsThatMeanSomethingElseInJsonSchemaAreDropped() {
    JsonNode converted = OpenApiSchemas.toJsonSchema(json("{'type':'integer','format':'int32',"
        + "'exclusiveMinimum':true,'minimum':0,'x-kubernetes-list-type':'atomic'}"));

    assertThat(converted).isEqualTo(json("{'type':'integer','format':'int32','minimum':0}"));
  }

  @Test
  void aSchemaThatIsNotAnObjectIsRefusedByItsType() {
    assertThatThrownBy(() -> OpenApiSchemas.toJsonSchema(json("true")))
        .hasMessage("an OpenAPI schema must be an object, got: BOOLEAN");
  }

  @Test
  void fabric8DefinitionsGetTheirWireFormsRequiredListsAndClosedObjects() {
    JsonNode file = json("{'definitions':{"
        + "'q':{'type':'object','properties':{'Format':{'type':'string'}},'additionalProperties':true,"
        + "'javaType':'io.fabric8.kubernetes.api.model.Quantity'},"
        + "'i':{'type':'object','additionalProperties':true,'existingJavaType':'io.fabric8.kubernetes.api.model.IntOrString'},"
        + "'kind':{'type':'object','additionalProperties':true,'javaType':'x.Widget','properties':{"
        + "'apiVersion':{'type':'string','default':'example/v1','required':true},"
        + "'kind':{'type':'string','default':'Widget','required':true},"
        + "'size':{'$ref':'#/definitions/q','existingJavaType':'Quantity'},"
        + "'raw':{'type':'object','additionalProperties':true}}}}}");

    Map<String, JsonNode> defs = KubernetesModelSchemas.definitions(List.of(file));

    assertThat(defs.get("q")).isEqualTo(json("{'anyOf':[{'type':'string'},{'type':'number'}]}"));
    assertThat(defs.get("i")).isEqualTo(json("{'anyOf':[{'type':'integer'},{'type':'string'}]}"));
    assertThat(defs.get("kind")).isEqualTo(json("{'type':'object','properties':{"
        + "'apiVersion':{'type':'string','default':'example/v1'},'kind':{'type':'string','default':'Widget'},"
        + "'size':{'$ref':'#/$defs/q'},'raw':{'type':'object','additionalProperties':true}},"
        + "'required':['apiVersion','kind'],'additionalProperties':false}"));
    assertThat(KubernetesModelSchemas.kinds(defs)).containsExactly(Map.entry("example/v1 Widget", "kind"));
  }

  @Test
  void aFileWithoutDefinitionsIsRefused() {
    assertThatThrownBy(() -> KubernetesModelSchemas.definitions(List.of(json("{}"))))
        .hasMessage("not a fabric8 validation schema: it has no 'definitions' object");
  }

  private static JsonNode json(String singleQuoted) {
    try {
      return JSON.readTree(singleQuoted.replace('\'', '"'));
    } catch (Exception e) {
      throw new IllegalArgumentException(singleQuoted, e);
    }
  }
}
