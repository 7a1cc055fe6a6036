package dev.weft.context.env;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.ContentHash;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.Scope;
import dev.weft.context.store.Store;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The environment's writes, each ONE {@link Store#mutate} (on the Lucene store, one commit): a put writes the
 * record, the blocks and the clock and drops the old blocks and pieces; a chunking writes every piece and drops
 * the stale ones; an append writes the grown blocks, the turn and the record. A write that planned from a record
 * another writer changed meanwhile writes nothing and plans again.
 */
final class SlotWrites {
  /** Plans a write tries before giving up: only reached when other writers change the slot every time. */
  static final int ATTEMPTS = 8;
  private static final List<String> STRATEGIES = List.of("line:", "size:", "separator:");

  private final Store store;
  private final int blockChars;

  /** {@code blockChars}: {@link EnvLimits#BLOCK_CHARS}, or a few chars in tests that cross block boundaries. */
  SlotWrites(Store store, int blockChars) {
    this.store = store;
    this.blockChars = EnvLimits.check("blockChars", blockChars, 2, EnvLimits.BLOCK_CHARS);
  }

  /** The record at {@code name}, if any. */
  Optional<SlotRecord> record(String name) {
    String key = EnvKeys.slot(name);
    return store.get(key).map(node -> EnvJson.read(node, SlotRecord.class, key));
  }

  /** Replaces {@code name} with {@code text}; {@code origin} marks a select result (null otherwise). */
  SlotRecord put(String name, String text, String origin) {
    List<String> blocks = Blocks.split(text, blockChars);
    List<Integer> starts = Blocks.starts(0, blocks);
    TextShape shape = TextShape.of(text);
    String digest = ContentHash.of(text.getBytes(StandardCharsets.UTF_8));
    Scope scope = Scope.of(List.of(EnvKeys.dataPrefix(name), EnvKeys.piecePrefix(name)),
        List.of(EnvKeys.CLOCK, EnvKeys.slot(name)));
    return store.mutate(scope, current -> {
      long clock = EnvJson.clock(current.get(EnvKeys.CLOCK)) + 1;
      SlotRecord record = new SlotRecord(name, SlotRecord.TEXT, shape.chars(), shape.bytes(), shape.lines(), clock,
          clock, starts, digest, origin, PieceTotals.NONE, PieceTotals.NONE);
      // the whole scope's next contents: what is not here (old blocks, every piece) is deleted
      Map<String, JsonNode> next = new TreeMap<>();
      next.put(EnvKeys.CLOCK, EnvJson.clock(clock));
      next.put(EnvKeys.slot(name), EnvJson.tree(record));
      for (int i = 0; i < blocks.size(); i++) {
        next.put(EnvKeys.block(name, clock, i), EnvJson.block(blocks.get(i)));
      }
      return Outcome.write(next, record);
    });
  }

  /**
   * Writes the pieces {@code ranges} of {@code seen} cut by {@code spec} and drops every other chunk piece of the
   * slot (turns stay); empty when the slot changed since {@code seen} was read (nothing written).
   */
  Optional<Chunked> chunk(SlotRecord seen, String spec, List<Chunker.Range> ranges, List<TextShape> shapes) {
    String name = seen.name();
    Map<String, JsonNode> pieces = new TreeMap<>();
    List<String> listed = new ArrayList<>();
    PieceTotals totals = new PieceTotals(spec, 0, 0, 0, 0);
    for (int i = 0; i < ranges.size(); i++) {
      String address = EnvAddress.chunk(name, spec, i);
      Chunker.Range range = ranges.get(i);
      TextShape shape = shapes.get(i);
      pieces.put(EnvKeys.piece(address), EnvJson.tree(new PieceRecord(address, seen.generation(), range.offset(),
          range.chars(), shape.bytes(), shape.lines(), null)));
      totals = totals.plus(spec, shape);
      if (listed.size() < EnvLimits.CHUNK_LISTED) {
        listed.add(address);
      }
    }
    PieceTotals chunks = totals;
    List<String> prefixes = STRATEGIES.stream().map(s -> EnvKeys.piecePrefix(name) + s).toList();
    Scope scope = Scope.of(prefixes, List.of(EnvKeys.slot(name)));
    return store.mutate(scope, current -> {
      Optional<SlotRecord> now = Optional.ofNullable(current.get(EnvKeys.slot(name)))
          .map(node -> EnvJson.read(node, SlotRecord.class, EnvKeys.slot(name)));
      if (now.isEmpty() || now.get().generation() != seen.generation() || now.get().chars() != seen.chars()) {
        return Outcome.read(Optional.<Chunked>empty());
      }
      SlotRecord was = now.get();
      int stale = (int) current.keySet().stream()
          .filter(key -> !key.equals(EnvKeys.slot(name)) && !pieces.containsKey(key)).count();
      SlotRecord record = new SlotRecord(name, was.kind(), was.chars(), was.bytes(), was.lines(),
          was.generation(), was.seq(), was.starts(), was.digest(), was.origin(), chunks, was.turns());
      Map<String, JsonNode> next = new TreeMap<>(pieces);
      next.put(EnvKeys.slot(name), EnvJson.tree(record));
      return Outcome.write(next, Optional.of(new Chunked(name, ranges.size(), listed, stale)));
    });
  }

  /** Appends one turn to transcript {@code name} (made when absent) and answers the turn's address. */
  String appendTurn(String name, String role, String text) {
    String rendered = role + ": " + text + "\n";
    TextShape turnShape = TextShape.of(rendered, 0, rendered.length() - 1);
    TextShape renderedShape = TextShape.of(rendered);
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      Optional<SlotRecord> seen = record(name);
      if (seen.isPresent() && !seen.get().kind().equals(SlotRecord.TRANSCRIPT)) {
        throw new IllegalArgumentException("'" + name + "' holds text, not a transcript: append turns to a new "
            + "name (putting '" + name + "' again replaces it)");
      }
      long chars = seen.map(SlotRecord::chars).orElse(0L);
      if (chars + rendered.length() > EnvLimits.MAX_SLOT_CHARS) {
        throw new IllegalArgumentException("transcript '" + name + "' would grow past " + EnvLimits.MAX_SLOT_CHARS
            + " chars (the slot cap) with this turn of " + rendered.length() + "; start a new transcript");
      }
      int turn = seen.map(r -> r.turns().count()).orElse(0) + 1;
      String address = EnvAddress.turn(name, turn);
      Scope scope = appendScope(name, seen, rendered.length(), address, blockChars);
      Optional<String> done = store.mutate(scope, current -> {
        Optional<SlotRecord> now = Optional.ofNullable(current.get(EnvKeys.slot(name)))
            .map(node -> EnvJson.read(node, SlotRecord.class, EnvKeys.slot(name)));
        if (!now.map(SlotRecord::seq).equals(seen.map(SlotRecord::seq))) {
          return Outcome.read(Optional.<String>empty());
        }
        long clock = EnvJson.clock(current.get(EnvKeys.CLOCK)) + 1;
        SortedMap<String, JsonNode> next = new TreeMap<>(current);
        SlotRecord record = appended(seen, name, clock, rendered, renderedShape, turnShape, current, next);
        next.put(EnvKeys.CLOCK, EnvJson.clock(clock));
        next.put(EnvKeys.slot(name), EnvJson.tree(record));
        next.put(EnvKeys.piece(address), EnvJson.tree(new PieceRecord(address, record.generation(), (int) chars,
            rendered.length() - 1, turnShape.bytes(), turnShape.lines(), role)));
        return Outcome.write(next, Optional.of(address));
      });
      if (done.isPresent()) {
        return done.get();
      }
    }
    throw new WeftException(ExitStatus.BUSY, "transcript '" + name + "' changed under " + ATTEMPTS
        + " appends in a row (other writers); retry the append");
  }

  /**
   * An append reads and writes the last block and the blocks after it, never the whole content: the scope is
   * exactly those keys (more than it can need: a block of a new turn holds at least half a block's chars).
   */
  private static Scope appendScope(String name, Optional<SlotRecord> seen, int adding, String turnAddress,
      int blockChars) {
    List<String> keys = new ArrayList<>(List.of(EnvKeys.CLOCK, EnvKeys.slot(name), EnvKeys.piece(turnAddress)));
    if (seen.isEmpty()) {
      // the generation is minted inside the mutate; a new slot has no blocks to read
      return Scope.of(List.of(EnvKeys.dataPrefix(name)), keys);
    }
    SlotRecord slot = seen.get();
    int last = Math.max(0, slot.starts().size() - 1);
    int blocks = 2 + adding / (blockChars / 2);
    for (int i = last; i <= last + blocks; i++) {
      keys.add(EnvKeys.block(name, slot.generation(), i));
    }
    return Scope.of(List.of(), keys);
  }

  private SlotRecord appended(Optional<SlotRecord> seen, String name, long clock, String rendered,
      TextShape renderedShape, TextShape turnShape, Map<String, JsonNode> current, Map<String, JsonNode> next) {
    if (seen.isEmpty()) {
      List<String> blocks = Blocks.split(rendered, blockChars);
      for (int i = 0; i < blocks.size(); i++) {
        next.put(EnvKeys.block(name, clock, i), EnvJson.block(blocks.get(i)));
      }
      return new SlotRecord(name, SlotRecord.TRANSCRIPT, renderedShape.chars(), renderedShape.bytes(),
          renderedShape.lines(), clock, clock, Blocks.starts(0, blocks), chained("", rendered), null,
          PieceTotals.NONE, PieceTotals.NONE.plus(EnvAddress.TURN, turnShape));
    }
    SlotRecord was = seen.get();
    int last = Math.max(0, was.starts().size() - 1);
    int lastStart = was.starts().isEmpty() ? 0 : was.starts().get(last);
    JsonNode lastBlock = current.get(EnvKeys.block(name, was.generation(), last));
    String tail = (lastBlock == null ? "" : lastBlock.path(EnvJson.CONTENT).asText()) + rendered;
    List<String> blocks = Blocks.split(tail, blockChars);
    for (int i = 0; i < blocks.size(); i++) {
      next.put(EnvKeys.block(name, was.generation(), last + i), EnvJson.block(blocks.get(i)));
    }
    List<Integer> starts = new ArrayList<>(was.starts().subList(0, last));
    starts.addAll(Blocks.starts(lastStart, blocks));
    TextShape shape = was.shape().plus(renderedShape);
    return new SlotRecord(name, SlotRecord.TRANSCRIPT, shape.chars(), shape.bytes(), shape.lines(),
        was.generation(), clock, starts, chained(was.digest(), rendered), null, was.chunks(),
        was.turns().plus(EnvAddress.TURN, turnShape));
  }

  /** A transcript's digest: each append hashes the last digest with the turn, so no append rereads the slot. */
  private static String chained(String digest, String rendered) {
    return ContentHash.of((digest + "\n" + rendered).getBytes(StandardCharsets.UTF_8));
  }
}
