package dev.weft.agents.model;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code $ref}s of an output schema, checked before it is used: every one must resolve inside the schema, and
 * none may lead back to itself without the validator descending into the reply first. A ref reached again through
 * {@code properties}, {@code items} and the other keywords that apply to a member or an element terminates on any
 * finite reply (a tree type), so it is allowed; a chain of {@code $ref}, {@code allOf}, {@code anyOf},
 * {@code oneOf}, {@code not}, {@code if}/{@code then}/{@code else} or {@code dependentSchemas} that comes back to
 * where it started applies to the same value forever, and the validator would recurse until its thread's stack
 * overflows. Such a cycle is refused wherever it is in the schema, used or not.
 */
public final class SchemaRefs {
  /** Keywords whose value is one schema applied to the same value as the schema holding it. */
  private static final Set<String> IN_PLACE_ONE = Set.of("not", "if", "then", "else");
  /** Keywords whose value is an array of schemas applied to the same value. */
  private static final Set<String> IN_PLACE_ARRAY = Set.of("allOf", "anyOf", "oneOf");
  /** Keywords whose value is a map of schemas applied to the same value. */
  private static final Set<String> IN_PLACE_MAP = Set.of("dependentSchemas");
  /** Keywords whose value is one schema applied to a member or an element (or to nothing: contentSchema). */
  private static final Set<String> DESCENDING_ONE = Set.of("additionalProperties", "items", "contains",
      "propertyNames", "unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema");
  private static final Set<String> DESCENDING_ARRAY = Set.of("prefixItems", "items");
  private static final Set<String> DESCENDING_MAP = Set.of("properties", "patternProperties", "$defs",
      "definitions");
  private static final List<String> REFS = List.of("$ref", "$dynamicRef");

  /** What is wrong and where: {@code pointer} is the JSON Pointer of the offending {@code $ref} in the schema. */
  public record Problem(String pointer, String message) {}

  /** A subschema, where it is, and the schema resource ({@code $id}) its refs resolve in. */
  private record Node(JsonNode schema, String pointer, Node resource) {}

  private final Map<JsonNode, Node> nodes = new IdentityHashMap<>();
  /** The nodes in the order they were found, so the problem reported for a schema is always the same one. */
  private final List<Node> order = new ArrayList<>();
  private final Map<JsonNode, Map<String, JsonNode>> anchors = new IdentityHashMap<>();

  private SchemaRefs() {}

  /** The first unresolvable or endless {@code $ref} of {@code schema}; empty when there is none. */
  public static Optional<Problem> check(JsonNode schema) {
    SchemaRefs refs = new SchemaRefs();
    refs.index(schema, "", null);
    Optional<Problem> unresolved = refs.unresolved();
    return unresolved.isPresent() ? unresolved : refs.cycle();
  }

  private void index(JsonNode schema, String pointer, Node resource) {
    if (!schema.isObject() || nodes.containsKey(schema)) {
      return;
    }
    // a schema with its own $id is a resource of its own: the refs under it resolve against it
    Node node = new Node(schema, pointer, resource == null || schema.path("$id").isTextual() ? null : resource);
    nodes.put(schema, node);
    order.add(node);
    for (String anchor : List.of("$anchor", "$dynamicAnchor")) {
      if (schema.path(anchor).isTextual()) {
        anchors.computeIfAbsent(resourceOf(node).schema(), k -> new HashMap<>())
            .putIfAbsent(schema.get(anchor).asText(), schema);
      }
    }
    Node childResource = resourceOf(node);
    for (Iterator<Map.Entry<String, JsonNode>> it = schema.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> member = it.next();
      String key = member.getKey();
      JsonNode value = member.getValue();
      String at = pointer + "/" + escape(key);
      if (IN_PLACE_ONE.contains(key) || DESCENDING_ONE.contains(key)) {
        index(value, at, childResource);
      }
      if ((IN_PLACE_ARRAY.contains(key) || DESCENDING_ARRAY.contains(key)) && value.isArray()) {
        for (int i = 0; i < value.size(); i++) {
          index(value.get(i), at + "/" + i, childResource);
        }
      }
      if ((IN_PLACE_MAP.contains(key) || DESCENDING_MAP.contains(key)) && value.isObject()) {
        value.fields().forEachRemaining(e -> index(e.getValue(), at + "/" + escape(e.getKey()), childResource));
      }
    }
  }

  private static Node resourceOf(Node node) {
    return node.resource() == null ? node : node.resource();
  }

  private Optional<Problem> unresolved() {
    // refs may point into places the structural walk did not index (under an unknown keyword): those targets
    // are indexed as they are found, so the loop runs until no new node appears
    Deque<Node> todo = new ArrayDeque<>(order);
    while (!todo.isEmpty()) {
      Node node = todo.pop();
      for (String keyword : REFS) {
        JsonNode ref = node.schema().get(keyword);
        if (ref == null) {
          continue;
        }
        String at = node.pointer() + "/" + escape(keyword);
        if (!ref.isTextual()) {
          return Optional.of(new Problem(at, keyword + " must be a string, got: " + ref));
        }
        Optional<JsonNode> target = resolve(node, ref.asText());
        if (target.isEmpty() || !(target.get().isObject() || target.get().isBoolean())) {
          return Optional.of(new Problem(at, keyword + " '" + ref.asText() + "' does not resolve inside the schema;"
              + " refer to \"#\", \"#/$defs/NAME\" or an \"$anchor\" of this schema"));
        }
        if (target.get().isObject() && !nodes.containsKey(target.get())) {
          // only a "#/..." pointer reaches a node the walk did not index ("#" and anchors are indexed); its
          // subschemas are new too, and their refs are checked in turn
          int known = order.size();
          index(target.get(), resourceOf(node).pointer() + decode(ref.asText()), resourceOf(node));
          todo.addAll(order.subList(known, order.size()));
        }
      }
    }
    return Optional.empty();
  }

  private Optional<JsonNode> resolve(Node from, String ref) {
    if (!ref.startsWith("#")) {
      return Optional.empty(); // nothing is fetched: a remote or relative ref never resolves here
    }
    JsonNode base = resourceOf(from).schema();
    try {
      String fragment = decode(ref);
      if (fragment.isEmpty()) {
        return Optional.of(base);
      }
      if (fragment.startsWith("/")) {
        JsonNode target = base.at(JsonPointer.compile(fragment));
        return target.isMissingNode() ? Optional.empty() : Optional.of(target);
      }
      return Optional.ofNullable(anchors.getOrDefault(base, Map.of()).get(fragment));
    } catch (IllegalArgumentException e) {
      return Optional.empty(); // a malformed %-escape or pointer resolves to nothing
    }
  }

  /** Depth-first over the in-place edges only; a node met again while still on the path closes a cycle. */
  private Optional<Problem> cycle() {
    Map<JsonNode, Boolean> done = new IdentityHashMap<>();
    for (Node start : order) {
      Optional<Problem> found = cycleFrom(start, new ArrayList<>(), done);
      if (found.isPresent()) {
        return found;
      }
    }
    return Optional.empty();
  }

  private Optional<Problem> cycleFrom(Node node, List<Node> path, Map<JsonNode, Boolean> done) {
    Boolean state = done.get(node.schema());
    if (Boolean.TRUE.equals(state)) {
      return Optional.empty();
    }
    if (Boolean.FALSE.equals(state)) {
      List<Node> loop = path.subList(indexOf(path, node), path.size());
      Node first = loop.stream().filter(n -> n.schema().has("$ref") || n.schema().has("$dynamicRef"))
          .findFirst().orElse(node);
      String keyword = first.schema().has("$ref") ? "$ref" : "$dynamicRef";
      List<String> chain = loop.stream().map(n -> n.pointer().isEmpty() ? "#" : n.pointer()).toList();
      return Optional.of(new Problem(first.pointer() + "/" + escape(keyword), keyword + " '"
          + first.schema().get(keyword).asText() + "' leads back to itself (" + String.join(" -> ", chain)
          + " -> ...) without a properties or items keyword in between, so checking a reply would never end;"
          + " put the recursion under properties or items"));
    }
    done.put(node.schema(), false);
    path.add(node);
    for (Node next : inPlace(node)) {
      Optional<Problem> found = cycleFrom(next, path, done);
      if (found.isPresent()) {
        return found;
      }
    }
    path.remove(path.size() - 1);
    done.put(node.schema(), true);
    return Optional.empty();
  }

  private static int indexOf(List<Node> path, Node node) {
    for (int i = 0; i < path.size(); i++) {
      if (path.get(i).schema() == node.schema()) {
        return i;
      }
    }
    return 0;
  }

  private List<Node> inPlace(Node node) {
    List<Node> next = new ArrayList<>();
    JsonNode schema = node.schema();
    for (String keyword : REFS) {
      if (schema.path(keyword).isTextual()) {
        resolve(node, schema.get(keyword).asText()).map(nodes::get).ifPresent(next::add);
      }
    }
    for (String key : IN_PLACE_ONE) {
      addIfNode(next, schema.get(key));
    }
    for (String key : IN_PLACE_ARRAY) {
      schema.path(key).forEach(child -> addIfNode(next, child));
    }
    for (String key : IN_PLACE_MAP) {
      schema.path(key).forEach(child -> addIfNode(next, child));
    }
    return next;
  }

  private void addIfNode(List<Node> next, JsonNode child) {
    if (child != null && nodes.containsKey(child)) {
      next.add(nodes.get(child));
    }
  }

  /** The fragment of a local ref, percent-decoded as a URI fragment is ('+' stays '+'). */
  private static String decode(String ref) {
    return URLDecoder.decode(ref.substring(1).replace("+", "%2B"), StandardCharsets.UTF_8);
  }

  private static String escape(String key) {
    return key.replace("~", "~0").replace("/", "~1");
  }
}
