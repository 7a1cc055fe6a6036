package dev.weft.agents.program;

import dev.weft.context.env.ChunkSpec;
import dev.weft.context.env.Chunked;
import dev.weft.context.env.Digest;
import dev.weft.context.env.Environment;
import dev.weft.context.env.GrepOptions;
import dev.weft.context.env.GrepResult;
import dev.weft.context.env.Peek;
import dev.weft.context.env.SlotStat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small in-test Environment: slots in a map, chunking through {@link PieceOps}, select by jq; it counts writes so
 * a test can show a refused program wrote nothing. Only what the runner calls is implemented.
 */
final class MemoryEnvironment implements Environment {
  final Map<String, String> slots = new TreeMap<>();
  final AtomicInteger writes = new AtomicInteger();

  @Override
  public synchronized SlotStat put(String name, String text) {
    writes.incrementAndGet();
    slots.put(name, text);
    return stat(name);
  }

  @Override
  public Digest digest() {
    throw new UnsupportedOperationException("digest");
  }

  @Override
  public synchronized Peek peek(String name) {
    String text = text(name);
    return new Peek(name, text.substring(0, Math.min(100, text.length())), text.length(), text.length() > 100);
  }

  @Override
  public synchronized Chunked chunk(String name, ChunkSpec spec) {
    Step.Chunk step = new Step.Chunk(0, name, "x", spec.strategy(), spec.size(), spec.separator().orElse(""));
    List<Piece> pieces = PieceOps.chunk(step, new Piece(name, text(name)));
    pieces.forEach(p -> slots.put(p.address(), p.text()));
    return new Chunked(name, pieces.size(), List.of(), 0);
  }

  @Override
  public GrepResult grep(String pattern, GrepOptions options) {
    throw new UnsupportedOperationException("grep");
  }

  @Override
  public synchronized String select(String name, String jq) {
    try {
      String address = name + "#select/" + Integer.toHexString(jq.hashCode());
      slots.put(address, CanonicalJson.of(Jq.apply(Jq.compile(jq), CanonicalJson.parse(text(name)))));
      return address;
    } catch (Exception e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  @Override
  public synchronized SlotStat stat(String nameOrFamily) {
    String text = text(nameOrFamily);
    return new SlotStat(nameOrFamily, text.length(), text.length(), text.lines().count(), 0, false);
  }

  @Override
  public synchronized String read(String name, int chars, int offset) {
    String text = text(name);
    return text.substring(offset, Math.min(text.length(), offset + chars));
  }

  @Override
  public synchronized List<String> pieces(String family) {
    List<String> out = new ArrayList<>();
    slots.keySet().stream().filter(k -> k.startsWith(family + "#")).forEach(out::add);
    out.sort(AddressOrder.INSTANCE);
    return out;
  }

  @Override
  public String appendTurn(String transcript, String role, String text) {
    throw new UnsupportedOperationException("appendTurn");
  }

  private String text(String name) {
    String text = slots.get(name);
    if (text == null) {
      throw new IllegalArgumentException("no slot named '" + name + "'".toLowerCase(Locale.ROOT));
    }
    return text;
  }
}
