package dev.weft.context.env;

import dev.weft.context.ContentHash;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.jq.BoundedJq;
import dev.weft.context.jq.JqBounds;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.store.Store;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The {@link Environment} over a {@link Store} that offers {@code mutate}: the key layout is {@link EnvKeys}', the
 * caps {@link EnvLimits}', every write one mutate ({@link SlotWrites}). Reads load a slot's content a block at a
 * time ({@link BlockText}), so no operation holds a large slot whole except select, which must parse it.
 * Thread-safe as far as its store is: writes that raced replan; a read that raced a put of its slot fails with
 * exit 3 rather than mix two contents.
 */
public final class SlotEnvironment implements Environment {
  /** Select results are named {@code select:} and the start of their cache key. */
  static final String SELECT_PREFIX = "select:";

  private final Store store;
  private final SlotWrites writes;
  private final JqSelect.Runner jq;

  /** The environment kept in {@code store} (which must offer {@link Store.Capability#MUTATE}). */
  public SlotEnvironment(Store store) {
    this(store, JqSelect::run);
  }

  /** With the jq runner a test counts. */
  SlotEnvironment(Store store, JqSelect.Runner jq) {
    this(store, jq, EnvLimits.BLOCK_CHARS);
  }

  /** With blocks of {@code blockChars}: tests use a few chars, so short texts cross many block boundaries. */
  SlotEnvironment(Store store, JqSelect.Runner jq, int blockChars) {
    if (!store.capabilities().contains(Store.Capability.MUTATE)) {
      throw new IllegalArgumentException("the environment needs a store that offers mutate (every write is one "
          + "atomic mutate), got: " + store + " offering " + store.capabilities());
    }
    this.store = store;
    this.writes = new SlotWrites(store, blockChars);
    this.jq = jq;
  }

  @Override
  public SlotStat put(String name, String text) {
    EnvKeys.checkName(name);
    EnvLimits.checkLength("the text of slot '" + name + "'", text, EnvLimits.MAX_SLOT_CHARS);
    checkPairs("the text of slot '" + name + "'", text);
    return writes.put(name, text, null).stat();
  }

  @Override
  public Digest digest() {
    return digest("");
  }

  @Override
  public Digest digest(String scope) {
    Objects.requireNonNull(scope, "scope");
    List<SlotRecord> slots = new ArrayList<>();
    for (String key : store.keys(EnvKeys.SLOT + scope)) {
      store.get(key).ifPresent(node -> slots.add(EnvJson.read(node, SlotRecord.class, key)));
    }
    slots.sort(Comparator.comparingLong(SlotRecord::seq).reversed().thenComparing(SlotRecord::name));
    List<SlotStat> listed = slots.stream().limit(EnvLimits.DIGEST_SLOTS).map(SlotRecord::stat).toList();
    return new Digest(listed, slots.size() - listed.size());
  }

  @Override
  public Peek peek(String name) {
    Source source = resolve(name);
    int shown = Math.min(source.chars(), EnvLimits.PEEK_CHARS);
    return new Peek(source.address(), source.read(store, 0, shown), source.chars(), source.chars() > shown);
  }

  @Override
  public Chunked chunk(String name, ChunkSpec spec) {
    Chunker.check(spec);
    EnvAddress address = EnvAddress.parse(name);
    if (!address.isSlot()) {
      throw new IllegalArgumentException("chunk a slot, not a piece: got '" + name + "'; chunk '"
          + address.slot() + "' with a smaller size instead");
    }
    for (int attempt = 0; attempt < SlotWrites.ATTEMPTS; attempt++) {
      SlotRecord slot = writes.record(name).orElseThrow(() -> SlotNotFoundException.slot(name));
      BlockText text = new BlockText(store, slot);
      List<Chunker.Range> ranges = Chunker.split(text, spec);
      List<TextShape> shapes = new ArrayList<>(ranges.size());
      for (Chunker.Range range : ranges) {
        shapes.add(TextShape.of(text, range.offset(), range.end()));
      }
      Optional<Chunked> done = writes.chunk(slot, EnvAddress.spec(spec), ranges, shapes);
      if (done.isPresent()) {
        return done.get();
      }
    }
    throw new WeftException(ExitStatus.BUSY, "slot '" + name + "' changed under " + SlotWrites.ATTEMPTS
        + " chunkings in a row (other writers); chunk it again");
  }

  @Override
  public GrepResult grep(String pattern, GrepOptions options) {
    Pattern compiled = Grep.compile(pattern);
    Grep.check(options);
    Map<String, CharSequence> texts = new LinkedHashMap<>();
    long chars = 0;
    for (String key : store.keys(EnvKeys.SLOT + options.scope())) {
      Optional<SlotRecord> slot = store.get(key).map(node -> EnvJson.read(node, SlotRecord.class, key));
      if (slot.isPresent()) {
        texts.put(slot.get().name(), new BlockText(store, slot.get()));
        chars += slot.get().chars();
      }
    }
    return Grep.find(compiled, texts, options, Grep.budget(chars));
  }

  @Override
  public String select(String name, String jqQuery) {
    return select(name, jqQuery, JqBounds.DEFAULT, CancelSignal.none());
  }

  @Override
  public String select(String name, String jqQuery, JqBounds bounds, CancelSignal cancel) {
    BoundedJq.Query query = JqSelect.compile(jqQuery);
    Source source = resolve(name);
    String key = ContentHash.of((source.contentId() + "\n" + jqQuery).getBytes(StandardCharsets.UTF_8));
    String result = SELECT_PREFIX + key.substring(0, 16);
    Optional<SlotRecord> cached = writes.record(result);
    if (cached.isPresent() && key.equals(cached.get().origin())) {
      return result;
    }
    String selected = jq.run(query, source.address(), source.read(store, 0, source.chars()), bounds, cancel);
    writes.put(result, selected, key);
    return result;
  }

  @Override
  public SlotStat stat(String nameOrFamily) {
    if (EnvAddress.isFamilyForm(nameOrFamily)) {
      EnvAddress family = EnvAddress.family(nameOrFamily);
      SlotRecord slot = writes.record(family.slot()).orElseThrow(() -> SlotNotFoundException.slot(family.slot()));
      List<PieceTotals> members = new ArrayList<>();
      if (family.piece().isEmpty() || family.piece().equals(EnvAddress.TURN + "/")) {
        members.add(slot.turns());
      }
      if (family.piece().isEmpty() || family.piece().equals(slot.chunks().spec() + "/")) {
        members.add(slot.chunks());
      }
      long chars = 0;
      long bytes = 0;
      long lines = 0;
      int count = 0;
      for (PieceTotals totals : members) {
        chars += totals.chars();
        bytes += totals.bytes();
        lines += totals.lines();
        count += totals.count();
      }
      return new SlotStat(nameOrFamily, chars, bytes, lines, count, true);
    }
    Source source = resolve(nameOrFamily);
    return source.piece()
        .map(p -> new SlotStat(p.address(), p.chars(), p.bytes(), p.lines(), 0, false))
        .orElseGet(source.slot()::stat);
  }

  @Override
  public String read(String name, int chars, int offset) {
    EnvLimits.check("chars", chars, 0, EnvLimits.MAX_READ_CHARS);
    Source source = resolve(name);
    EnvLimits.check("offset (into '" + source.address() + "' of " + source.chars() + " chars)", offset, 0,
        source.chars());
    return source.read(store, offset, Math.min(source.chars(), offset + chars));
  }

  @Override
  public List<String> pieces(String family) {
    EnvAddress parsed = EnvAddress.family(family);
    writes.record(parsed.slot()).orElseThrow(() -> SlotNotFoundException.slot(parsed.slot()));
    String prefix = EnvKeys.piecePrefix(parsed.slot());
    return store.keys(prefix + parsed.piece()).stream()
        .map(key -> key.substring(prefix.length()))
        .sorted(Comparator.comparingLong(EnvAddress::order))
        .map(piece -> parsed.slot() + "#" + piece)
        .toList();
  }

  @Override
  public String appendTurn(String transcript, String role, String text) {
    EnvKeys.checkName(transcript);
    if (role == null || role.isBlank() || role.chars().anyMatch(c -> c == ':' || Character.isISOControl(c))) {
      throw new IllegalArgumentException("a turn's role must be a non-blank word without ':' or control "
          + "characters (user, assistant, tool), got: " + (role == null ? "null" : "'" + role + "'"));
    }
    EnvLimits.checkLength("a turn's role", role, EnvLimits.MAX_ROLE_CHARS);
    EnvLimits.checkLength("the text of a turn of '" + transcript + "'", text, EnvLimits.MAX_SLOT_CHARS);
    checkPairs("the text of a turn of '" + transcript + "'", text);
    return writes.appendTurn(transcript, role, text);
  }

  /**
   * Refuses half a UTF-16 surrogate pair: it is not text, and the store (JSON) could not hold it. Said here, by
   * slot and position, rather than as the store's serialisation error.
   */
  private static void checkPairs(String what, String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        throw new IllegalArgumentException(what + " holds a lone surrogate (half of a UTF-16 pair, not text) at "
            + "char " + i + ", got: \\u" + Integer.toHexString(c) + "; decode the source as UTF-8 first");
      }
    }
  }

  /** The slot (and piece) an address names, refusing one that holds nothing. */
  private Source resolve(String address) {
    EnvAddress parsed = EnvAddress.parse(address);
    SlotRecord slot = writes.record(parsed.slot()).orElseThrow(() -> SlotNotFoundException.slot(parsed.slot()));
    if (parsed.isSlot()) {
      return new Source(address, slot, Optional.empty());
    }
    String key = EnvKeys.piece(address);
    PieceRecord piece = store.get(key).map(node -> EnvJson.read(node, PieceRecord.class, key))
        .orElseThrow(() -> SlotNotFoundException.piece(address, parsed.slot()));
    if (piece.generation() != slot.generation() || piece.offset() + (long) piece.chars() > slot.chars()) {
      throw new WeftException(ExitStatus.BUSY, "piece '" + address + "' was cut from an earlier content of '"
          + parsed.slot() + "' (put meanwhile); run the operation again");
    }
    return new Source(address, slot, Optional.of(piece));
  }

  /** A slot, or a piece of it: the range of the slot's content an address reads. */
  private record Source(String address, SlotRecord slot, Optional<PieceRecord> piece) {
    int offset() {
      return piece.map(PieceRecord::offset).orElse(0);
    }

    int chars() {
      return piece.map(PieceRecord::chars).orElse((int) slot.chars());
    }

    /** What identifies the content: the slot's digest and the range (a piece of equal text reads the same). */
    String contentId() {
      return slot.digest() + "@" + offset() + "+" + chars();
    }

    String read(Store store, int from, int to) {
      return new BlockText(store, slot).subSequence(offset() + from, offset() + to);
    }
  }
}
