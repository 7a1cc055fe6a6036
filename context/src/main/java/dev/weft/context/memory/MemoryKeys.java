package dev.weft.context.memory;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.RecordedEmbedder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Where memory lives in a {@link dev.weft.context.store.Store}: everything under {@code memory/}, then one
 * segment per scope, so a scope's prefix is never a prefix of another's and {@code keys}, {@code search} and
 * {@code rank} on a prefix stay inside one scope and one kind.
 *
 * <pre>
 * memory/config                     {"model", "dims"}  the embedder of every vector (set by the first one)
 * memory/SCOPE/counter              {"last": n}  the last sequence number issued; never goes back
 * memory/SCOPE/seq/000000000042     {"id", "kind"}  insertion order, for enumerate (zero-padded, so sorted)
 * memory/SCOPE/KIND/ID              the record (text, by, occurredAt, seq, meta, embedding)
 * memory/SCOPE/log/MILLIS-UUID      one recall: {at, query, kind, ids}
 * </pre>
 *
 * SCOPE is {@code g} for global, {@code o.OWNER} or {@code o.OWNER.s.SESSION}; owners, sessions and ids are
 * percent-encoded ({@code %}, {@code /}, {@code .} and control characters), one character at a time, so an
 * id's key prefix is its key's prefix: the keys of {@code a}, {@code a#2} and {@code ab} all start with
 * {@code .../a}.
 */
final class MemoryKeys {
  static final String ROOT = "memory/";
  /** {@code {"model", "dims"}}: the one embedder whose vectors this store's memories carry. */
  static final String CONFIG = ROOT + "config";
  static final int SEQ_DIGITS = 12;

  private MemoryKeys() {}

  static String scope(MemoryScope scope) {
    if (scope.isGlobal()) {
      return ROOT + "g/";
    }
    String owner = "o." + encode(scope.owner());
    return ROOT + (scope.session() == null ? owner : owner + ".s." + encode(scope.session())) + "/";
  }

  static String kind(MemoryScope scope, MemoryKind kind) {
    return scope(scope) + kind.id() + "/";
  }

  static String item(MemoryScope scope, MemoryKind kind, String id) {
    return kind(scope, kind) + encode(id);
  }

  static String counter(MemoryScope scope) {
    return scope(scope) + "counter";
  }

  static String seqPrefix(MemoryScope scope) {
    return scope(scope) + "seq/";
  }

  static String seq(MemoryScope scope, long seq) {
    return seqPrefix(scope) + String.format("%0" + SEQ_DIGITS + "d", seq);
  }

  /** The sequence number at the end of a key from {@link #seq}. */
  static long seqOf(String seqKey) {
    return Long.parseLong(seqKey.substring(seqKey.lastIndexOf('/') + 1));
  }

  static String logPrefix(MemoryScope scope) {
    return scope(scope) + "log/";
  }

  static String log(MemoryScope scope, long epochMillis, String unique) {
    return logPrefix(scope) + String.format("%013d", epochMillis) + "-" + unique;
  }

  /** The time a key from {@link #log} was written at, in epoch milliseconds. */
  static long logMillis(String logKey) {
    String tail = logKey.substring(logKey.lastIndexOf('/') + 1);
    return Long.parseLong(tail.substring(0, tail.indexOf('-')));
  }

  static Optional<EmbedderIdentity> embedder(Optional<JsonNode> config) {
    return RecordedEmbedder.of(config);
  }

  /** Percent-encodes the characters that would split a key or make it ambiguous; keeps the rest as it is. */
  static String encode(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '%' || c == '/' || c == '.' || c < 0x20 || c == 0x7f) {
        for (byte b : String.valueOf(c).getBytes(StandardCharsets.UTF_8)) {
          out.append('%').append(String.format("%02X", b & 0xff));
        }
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
