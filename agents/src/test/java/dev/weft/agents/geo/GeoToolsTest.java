package dev.weft.agents.geo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.weft.agents.model.ToolDefinition;
import dev.weft.agents.tool.Toolbox;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The factory: the tools, their schemas sharing the one GeoJSON schema, and adding to a host's toolbox. */
class GeoToolsTest {
  @Test
  void theToolboxHoldsTheElevenToolsInOrder() {
    List<String> names = GeoTools.toolbox().definitions().stream().map(ToolDefinition::name).toList();

    assertThat(names).containsExactly("geo_distance", "geo_within", "geo_bbox", "geo_geohash", "geo_neighbours",
        "geo_parse_wkt", "geo_to_wkt", "geo_union", "geo_intersection", "geo_difference", "geo_buffer");
    assertThat(GeoTools.NAMES).isEqualTo(names);
  }

  @Test
  void everyGeoJsonMemberRefersToTheOneGeoJsonSchema() {
    JsonNode defs = GeoSchemas.geoJson().path("$defs");
    for (GeoTools.GeoTool tool : GeoTools.all()) {
      JsonNode schema = tool.inputSchema();
      if (tool.name().equals("geo_parse_wkt")) {
        assertThat(schema.has("$defs")).as("it takes text, so it is sent without the GeoJSON schema").isFalse();
        continue;
      }
      assertThat(schema.path("$defs")).as(tool.name()).isEqualTo(defs);
      assertThat(schema.path("properties").path("a").path("$ref").asText()).isEqualTo("#/$defs/GeoJSON");
      if (schema.path("properties").has("b")) {
        assertThat(schema.path("properties").path("b").path("$ref").asText()).isEqualTo("#/$defs/GeoJSON");
      }
    }
  }

  @Test
  void addToKeepsAHostsToolOfTheSameName() {
    JsonNode anything = GeoCalls.JSON.createObjectNode();
    Toolbox host = new Toolbox().add("geo_bbox", "the host's own", anything, input -> TextNode.valueOf("host"));

    GeoTools.addTo(host);

    assertThat(host.definitions()).hasSize(11);
    assertThat(host.definitions().get(0).description()).isEqualTo("the host's own");
    assertThat(host.call("geo_bbox", anything).value().asText()).isEqualTo("host");
  }

  @Test
  void aStringEncodedGeometryIsRepairedAsForEveryTool() {
    // weak models JSON-encode nested arguments; the toolbox's repair follows the $ref into the GeoJSON schema
    JsonNode answer = GeoCalls.ok("geo_bbox", "{\"a\":\"{\\\"type\\\":\\\"Point\\\",\\\"coordinates\\\":[1,2]}\"}");

    assertThat(answer.path("bbox").toString()).isEqualTo("[1.0,2.0,1.0,2.0]");
  }
}
