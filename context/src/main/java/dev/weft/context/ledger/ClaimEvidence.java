package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.error.Quote;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks evidence: a non-empty string, a non-empty list of non-empty strings, or a claim-evidence envelope (version
 * 1, see docs/ledger.md). Every refusal is a {@link ClaimEvidenceException} naming the JSON Pointer of the part at
 * fault. Evidence that cites a Weft chunk has its quote looked up through {@link ChunkTexts}.
 */
public final class ClaimEvidence {
  /** The envelope versions this Weft reads. */
  public static final Set<Integer> VERSIONS = Set.of(1);

  private static final Set<String> TOP = Set.of("version", "artifacts", "evidence", "visibleEvidence", "claims");
  // Envelope v1 as the seed documents it (artifact locator, digest, metadata; evidence selector; claim status),
  // plus Weft's additions (artifact path, uri, title, sha256; evidence chunk, path, lines, note).
  private static final Set<String> ARTIFACT =
      Set.of("id", "kind", "locator", "digest", "metadata", "path", "uri", "title", "sha256");
  private static final Set<String> EVIDENCE =
      Set.of("id", "artifact", "selector", "quote", "chunk", "path", "lines", "note");
  private static final Set<String> CLAIM = Set.of("id", "text", "critical", "status", "evidence");
  /** A claim's {@code status}: the author's assertion, not an entailment score. */
  public static final Set<String> STATUSES = Set.of("supported", "unresolved");
  private static final Pattern LINES = Pattern.compile("(\\d+)(?:-(\\d+))?");
  private static final Pattern CHUNK_ID = Pattern.compile("(.+)#(\\d+)");

  private final ChunkTexts chunks;

  public ClaimEvidence(ChunkTexts chunks) {
    this.chunks = Objects.requireNonNull(chunks, "chunks");
  }

  /** Evidence as a memory or a progress entry carries it; refuses a missing, blank or malformed one. */
  public void check(JsonNode evidence, Set<String> hostArtifacts) {
    if (evidence == null || evidence.isNull() || evidence.isMissingNode()) {
      throw new ClaimEvidenceException("", "evidence is required: give a source, a quote or a file:line (a "
          + "non-empty string or list of strings), or a claim-evidence envelope");
    }
    if (evidence.isTextual()) {
      requireText(evidence, "");
    } else if (evidence.isArray()) {
      if (evidence.isEmpty()) {
        throw new ClaimEvidenceException("", "an evidence list must hold at least one string, got: []");
      }
      for (int i = 0; i < evidence.size(); i++) {
        requireText(evidence.get(i), "/" + i);
      }
    } else if (evidence.isObject()) {
      validateClaimEvidence(evidence, hostArtifacts);
    } else {
      throw new ClaimEvidenceException("", "evidence must be a string, a list of strings or a claim-evidence "
          + "envelope, got: " + evidence);
    }
  }

  /**
   * Checks a claim-evidence envelope: its shape, unique ids per class, every reference resolving (an evidence
   * item's artifact to a declared or a host artifact, a claim's evidence and {@code visibleEvidence} to evidence
   * items), every critical claim supported by visible evidence, and every cited chunk's quote present in the
   * indexed chunk.
   *
   * @param hostArtifacts artifact ids the host vouches for (slot addresses, files it attached), admitted as
   *     references without being declared in {@code artifacts}
   */
  public void validateClaimEvidence(JsonNode envelope, Set<String> hostArtifacts) {
    if (envelope == null || !envelope.isObject()) {
      throw new ClaimEvidenceException("", "a claim-evidence envelope must be an object, got: " + envelope);
    }
    JsonNode version = envelope.get("version");
    if (version == null || !version.canConvertToInt() || !version.isIntegralNumber()) {
      throw new ClaimEvidenceException("/version", "an integer version is required, got: " + Quote.of(version)
          + "; this Weft reads versions " + new TreeSet<>(VERSIONS));
    }
    if (!VERSIONS.contains(version.intValue())) {
      throw new ClaimEvidenceException("/version", "unknown claim-evidence version " + version.intValue()
          + "; this Weft reads versions " + new TreeSet<>(VERSIONS) + ": write a version it reads or upgrade Weft");
    }
    onlyKnownKeys(envelope, "", TOP);
    JsonNode declared = array(envelope, "artifacts", false);
    Set<String> artifacts = ids(declared, "/artifacts", ARTIFACT);
    for (int i = 0; i < declared.size(); i++) {
      checkArtifact(declared.get(i), "/artifacts/" + i);
    }
    JsonNode evidence = array(envelope, "evidence", true);
    Set<String> evidenceIds = ids(evidence, "/evidence", EVIDENCE);
    Set<String> hosts = hostArtifacts == null ? Set.of() : hostArtifacts;
    for (int i = 0; i < evidence.size(); i++) {
      checkEvidenceItem(evidence.get(i), "/evidence/" + i, artifacts, hosts);
    }
    JsonNode visible = array(envelope, "visibleEvidence", false);
    Set<String> visibleIds = new LinkedHashSet<>();
    for (int i = 0; i < visible.size(); i++) {
      String id = requireText(visible.get(i), "/visibleEvidence/" + i);
      if (!evidenceIds.contains(id)) {
        throw new ClaimEvidenceException("/visibleEvidence/" + i, "visible evidence '" + id
            + "' does not resolve to an evidence item (ids: " + evidenceIds + ")");
      }
      visibleIds.add(id);
    }
    JsonNode claims = array(envelope, "claims", true);
    ids(claims, "/claims", CLAIM);
    for (int i = 0; i < claims.size(); i++) {
      checkClaim(claims.get(i), "/claims/" + i, evidenceIds, visibleIds);
    }
  }

  private static void checkArtifact(JsonNode artifact, String pointer) {
    for (String field : List.of("kind", "locator", "digest", "path", "uri", "title", "sha256")) {
      if (artifact.has(field)) {
        requireText(artifact.get(field), pointer + "/" + field);
      }
    }
    JsonNode metadata = artifact.get("metadata");
    if (metadata != null && !metadata.isObject()) {
      throw new ClaimEvidenceException(pointer + "/metadata", "metadata must be an object, got: " + metadata);
    }
  }

  private void checkEvidenceItem(JsonNode item, String pointer, Set<String> artifacts, Set<String> hosts) {
    String artifact = requireText(item.get("artifact"), pointer + "/artifact");
    if (item.has("selector")) {
      requireText(item.get("selector"), pointer + "/selector");
    }
    if (!artifacts.contains(artifact) && !hosts.contains(artifact)) {
      throw new ClaimEvidenceException(pointer + "/artifact", "artifact '" + artifact
          + "' does not resolve: declared " + artifacts + ", host " + new TreeSet<>(hosts));
    }
    Optional<Citation> citation = citation(item, pointer);
    if (citation.isEmpty()) {
      if (item.has("quote")) {
        requireText(item.get("quote"), pointer + "/quote");
      }
      return;
    }
    String quote = requireText(item.get("quote"), pointer + "/quote");
    Citation cited = citation.get();
    Optional<String> text = cited.chunkId() != null
        ? chunks.chunk(cited.chunkId())
        : chunks.lines(cited.path(), cited.first(), cited.last());
    if (text.isEmpty()) {
      throw new ClaimEvidenceException(pointer, "cites " + cited + ", which the index does not hold: cite a "
          + "chunk that `weft recall` returns, or drop the chunk citation");
    }
    if (!normalise(text.get()).contains(normalise(quote))) {
      throw new ClaimEvidenceException(pointer + "/quote", "the quote '" + Quote.of(quote)
          + "' is not in " + cited + ": quote the chunk's text exactly (whitespace may differ)");
    }
  }

  private static Optional<Citation> citation(JsonNode item, String pointer) {
    if (item.has("chunk")) {
      String id = requireText(item.get("chunk"), pointer + "/chunk");
      Matcher m = CHUNK_ID.matcher(id);
      if (!m.matches()) {
        throw new ClaimEvidenceException(pointer + "/chunk", "a chunk id has the form path#ordinal, got: '"
            + id + "'");
      }
      return Optional.of(new Citation(id, null, 0, 0));
    }
    if (item.has("lines")) {
      String path = requireText(item.get("path"), pointer + "/path");
      String lines = requireText(item.get("lines"), pointer + "/lines");
      Matcher m = LINES.matcher(lines);
      if (!m.matches()) {
        throw new ClaimEvidenceException(pointer + "/lines", "lines have the form A-B (1-based), got: '"
            + lines + "'");
      }
      int first = Integer.parseInt(m.group(1));
      int last = m.group(2) == null ? first : Integer.parseInt(m.group(2));
      if (first < 1 || last < first) {
        throw new ClaimEvidenceException(pointer + "/lines", "lines must satisfy 1 <= A <= B, got: '" + lines
            + "'");
      }
      return Optional.of(new Citation(null, path, first, last));
    }
    return Optional.empty();
  }

  private static void checkClaim(JsonNode claim, String pointer, Set<String> evidenceIds, Set<String> visible) {
    requireText(claim.get("text"), pointer + "/text");
    JsonNode critical = claim.get("critical");
    if (critical != null && !critical.isBoolean()) {
      throw new ClaimEvidenceException(pointer + "/critical", "critical must be true or false, got: " + critical);
    }
    JsonNode status = claim.get("status");
    if (status != null && !(status.isTextual() && STATUSES.contains(status.textValue()))) {
      throw new ClaimEvidenceException(pointer + "/status", "status must be one of " + new TreeSet<>(STATUSES)
          + ", got: " + status);
    }
    if (critical != null && critical.booleanValue() && status != null && status.textValue().equals("unresolved")) {
      throw new ClaimEvidenceException(pointer + "/status", "critical claim '" + claim.get("id").textValue()
          + "' is unresolved: support it with visible evidence and mark it supported, or make it not critical");
    }
    JsonNode cites = claim.get("evidence");
    List<String> cited = new ArrayList<>();
    if (cites != null) {
      if (!cites.isArray()) {
        throw new ClaimEvidenceException(pointer + "/evidence", "must be a list of evidence ids, got: " + cites);
      }
      for (int i = 0; i < cites.size(); i++) {
        String id = requireText(cites.get(i), pointer + "/evidence/" + i);
        if (!evidenceIds.contains(id)) {
          throw new ClaimEvidenceException(pointer + "/evidence/" + i, "evidence '" + id
              + "' does not resolve (ids: " + evidenceIds + ")");
        }
        cited.add(id);
      }
    }
    if (critical != null && critical.booleanValue() && cited.stream().noneMatch(visible::contains)) {
      throw new ClaimEvidenceException(pointer, "critical claim '" + claim.get("id").textValue()
          + "' is not supported: it must cite at least one visible evidence item (cites " + cited
          + ", visible " + visible + ")");
    }
  }

  /** The ids of an array of objects, refusing a missing, blank or repeated id and unknown keys. */
  private static Set<String> ids(JsonNode items, String pointer, Set<String> known) {
    Set<String> ids = new LinkedHashSet<>();
    for (int i = 0; i < items.size(); i++) {
      JsonNode item = items.get(i);
      String at = pointer + "/" + i;
      if (!item.isObject()) {
        throw new ClaimEvidenceException(at, "must be an object, got: " + item);
      }
      onlyKnownKeys(item, at, known);
      String id = requireText(item.get("id"), at + "/id");
      if (!ids.add(id)) {
        throw new ClaimEvidenceException(at + "/id", "id '" + Quote.of(id) + "' is used twice in " + pointer
            + ": ids must be unique per class");
      }
    }
    return ids;
  }

  private static JsonNode array(JsonNode envelope, String field, boolean nonEmpty) {
    JsonNode node = envelope.get(field);
    if (node == null || !node.isArray()) {
      throw new ClaimEvidenceException("/" + field, "a list is required, got: " + node);
    }
    if (nonEmpty && node.isEmpty()) {
      throw new ClaimEvidenceException("/" + field, "at least one item is required, got: []");
    }
    return node;
  }

  private static void onlyKnownKeys(JsonNode object, String pointer, Set<String> known) {
    for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!known.contains(name)) {
        throw new ClaimEvidenceException(pointer + "/" + name, "unknown key '" + name + "'; known: "
            + new TreeSet<>(known));
      }
    }
  }

  private static String requireText(JsonNode node, String pointer) {
    if (node == null || !node.isTextual() || node.textValue().isBlank()) {
      throw new ClaimEvidenceException(pointer, "a non-empty string is required, got: " + node);
    }
    return node.textValue();
  }

  private static String normalise(String text) {
    return text.strip().replaceAll("\\s+", " ");
  }

  /** A cited chunk: by id, or by path and 1-based lines. */
  private record Citation(String chunkId, String path, int first, int last) {
    @Override
    public String toString() {
      return chunkId != null ? "chunk " + chunkId : "chunk " + path + ":" + first + "-" + last;
    }
  }
}
