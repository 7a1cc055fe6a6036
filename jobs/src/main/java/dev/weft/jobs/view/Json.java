package dev.weft.jobs.view;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import dev.weft.api.Lines;
import dev.weft.context.Hit;
import dev.weft.context.Kind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The CLI's one JSON writer: records as objects, paths as plain strings, kinds in lower case as values and as keys
 * ({@code stats}' {@code chunks: {code, doc, ...}}, the names the TSV prints as {@code chunks.code}).
 */
public final class Json {
  private static final ObjectMapper MAPPER = new ObjectMapper().registerModule(new SimpleModule()
      .addSerializer(Path.class, ToStringSerializer.instance)
      .addSerializer(Kind.class, new StdSerializer<>(Kind.class) {
        @Override
        public void serialize(Kind kind, JsonGenerator gen, SerializerProvider provider) throws IOException {
          gen.writeString(kind.id());
        }
      })
      .addKeySerializer(Kind.class, new StdSerializer<>(Kind.class) {
        @Override
        public void serialize(Kind kind, JsonGenerator gen, SerializerProvider provider) throws IOException {
          gen.writeFieldName(kind.id());
        }
      }));

  private Json() {}

  public static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write JSON for " + value.getClass().getSimpleName(), e);
    }
  }

  /** A value as a JSON object (a record, a map), as {@link #write} would print it. */
  public static ObjectNode tree(Object value) {
    JsonNode node = MAPPER.valueToTree(value);
    if (!node.isObject()) {
      throw new IllegalStateException("expected a JSON object for " + value.getClass().getSimpleName() + ", got: "
          + node.getNodeType());
    }
    return (ObjectNode) node;
  }

  /** Any value (a list, a record) as JSON, as {@link #write} would print it. */
  public static JsonNode node(Object value) {
    return MAPPER.valueToTree(value);
  }

  /** An empty object to fill in. */
  public static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  /** A hit as agents read it; lines 1-based, as the TSV prints them and {@code get --lines} takes them. */
  static Map<String, Object> hit(Hit hit) {
    Lines lines = Lines.of(hit);
    Map<String, Object> chunk = new LinkedHashMap<>();
    chunk.put("symbol", hit.chunk().symbol());
    chunk.put("nodeType", hit.chunk().nodeType());
    chunk.put("startLine", lines.first());
    chunk.put("endLine", lines.last());
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("path", hit.path());
    map.put("kind", hit.kind().id());
    map.put("format", hit.format());
    map.put("score", hit.score());
    if (hit.cosine() != null) {
      map.put("cosine", hit.cosine());
    }
    map.put("chunk", chunk);
    if (!hit.meta().isEmpty()) {
      map.put("meta", hit.meta().values()); // a dataset record's --meta-fields, typed as ingested
    }
    return map;
  }
}
