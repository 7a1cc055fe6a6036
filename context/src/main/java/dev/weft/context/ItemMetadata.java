package dev.weft.context;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The metadata a dataset record carries to every chunk of its item (the columns of {@code --meta-fields}): names
 * to scalar values, each a {@link String}, a {@link Long}, a {@link Double} or a {@link Boolean}. Kept typed, so an
 * index can give a number a point field and a string a keyword, and an export a typed map column. Sorted by name,
 * so equal metadata has one JSON form ({@link #toJson}) and one hash.
 *
 * @param values by name; a null value is left out (a null column says nothing to filter on)
 */
public record ItemMetadata(SortedMap<String, Object> values) implements Serializable {
  /** A name a filter can spell bare: {@code lang}, {@code pub_year}, {@code source.site}. */
  public static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.\\-]{0,63}");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ItemMetadata NONE = new ItemMetadata(new TreeMap<>());

  public ItemMetadata {
    TreeMap<String, Object> copy = new TreeMap<>();
    for (Map.Entry<String, Object> entry : Objects.requireNonNull(values, "values").entrySet()) {
      requireName(entry.getKey());
      Object value = entry.getValue();
      if (value == null) {
        continue;
      }
      if (!(value instanceof String || value instanceof Long || value instanceof Double
          || value instanceof Boolean)) {
        throw new IllegalArgumentException("metadata value must be a string, long, double or boolean, got: "
            + value.getClass().getSimpleName() + " for " + entry.getKey());
      }
      if (value instanceof Double d && !Double.isFinite(d)) {
        throw new IllegalArgumentException("metadata value must be a finite number, got: " + d + " for "
            + entry.getKey());
      }
      // -0.0 is 0.0: a filter's 0 must find it, and the index's points tell the two apart
      copy.put(entry.getKey(), value instanceof Double d && d == 0.0 ? (Object) 0.0 : value);
    }
    values = Collections.unmodifiableSortedMap(copy);
  }

  /** An item without metadata: a file of a tree, or a record when no {@code --meta-fields} were named. */
  public static ItemMetadata none() {
    return NONE;
  }

  public static ItemMetadata of(Map<String, Object> values) {
    return values.isEmpty() ? NONE : new ItemMetadata(new TreeMap<>(values));
  }

  public boolean isEmpty() {
    return values.isEmpty();
  }

  /**
   * @throws IllegalArgumentException unless {@code name} matches {@link #NAME}, naming it and the rule
   */
  public static String requireName(String name) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("metadata name must be a letter or _ then up to 63 letters, digits, _, . or"
          + " -, got: " + (name == null ? "null" : "\"" + name + "\""));
    }
    return name;
  }

  /** The stored form: a compact JSON object, the same bytes for equal metadata. */
  public String toJson() {
    try {
      return JSON.writeValueAsString(values);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException("cannot write metadata as JSON", e);
    }
  }

  /** Reads {@link #toJson}'s form back: JSON integers become longs, other numbers doubles. */
  public static ItemMetadata fromJson(String json) {
    JsonNode node;
    try {
      node = JSON.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("stored metadata must be a JSON object, got: " + e.getOriginalMessage(), e);
    }
    if (!node.isObject()) {
      throw new IllegalArgumentException("stored metadata must be a JSON object, got: " + node.getNodeType());
    }
    TreeMap<String, Object> values = new TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      values.put(field.getKey(), scalar(field.getValue()));
    }
    return of(values);
  }

  private static Object scalar(JsonNode node) {
    if (node.isTextual()) {
      return node.asText();
    }
    if (node.isBoolean()) {
      return node.asBoolean();
    }
    if (node.isIntegralNumber() && node.canConvertToLong()) {
      return node.asLong();
    }
    if (node.isNumber()) {
      return node.asDouble();
    }
    if (node.isNull()) {
      return null;
    }
    throw new IllegalArgumentException("stored metadata values must be scalars, got: " + node.getNodeType());
  }
}
