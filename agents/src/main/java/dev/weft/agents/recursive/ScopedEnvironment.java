package dev.weft.agents.recursive;

import dev.weft.agents.program.SlotText;
import dev.weft.context.env.ChunkSpec;
import dev.weft.context.env.Chunked;
import dev.weft.context.env.Digest;
import dev.weft.context.env.Environment;
import dev.weft.context.env.GrepHit;
import dev.weft.context.env.GrepOptions;
import dev.weft.context.env.GrepResult;
import dev.weft.context.env.Peek;
import dev.weft.context.env.SlotStat;
import dev.weft.context.jq.JqBounds;
import dev.weft.context.program.CancelSignal;
import java.util.List;
import java.util.Objects;

/**
 * An {@link Environment} seen through a prefix: every name a caller passes goes in with the prefix in front, and
 * every name that comes out (digest, grep hits, pieces, stat, peek, chunk, select, turns) has it stripped. A child
 * level therefore sees its own slots as the root sees its own ({@code corpus}, {@code findings/3}), and a name it
 * copies from anywhere — a sibling's real address included — resolves beneath its prefix, where the sibling is not:
 * isolation needs no check that could be forgotten, only the prefix.
 *
 * <p>The prefix ends in {@code /} and holds no {@code #}. Blank names are refused here, before the prefix would make
 * them legal. What the view cannot hide: the store's own limits count the prefixed name (a name near the length cap
 * fails sooner), and select's results, which the environment keys by content at the top level, are copied into the
 * scope.
 */
public final class ScopedEnvironment implements Environment {
  private final Environment inner;
  private final String prefix;

  /**
   * @param inner the environment the view is of (itself a view for a grandchild)
   * @param prefix non-blank, ends with {@code /}, holds no {@code #}
   */
  public ScopedEnvironment(Environment inner, String prefix) {
    this.inner = Objects.requireNonNull(inner, "inner");
    Objects.requireNonNull(prefix, "prefix");
    if (prefix.isBlank() || !prefix.endsWith("/") || prefix.indexOf('#') >= 0) {
      throw new IllegalArgumentException("a scope prefix must be non-blank, end with '/' and hold no '#', got: '"
          + prefix + "'");
    }
    this.prefix = prefix;
  }

  /** The prefix every name of this view carries in the environment beneath. */
  public String prefix() {
    return prefix;
  }

  private String in(String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a slot name must not be blank, got: "
          + (name == null ? "null" : "'" + name + "'"));
    }
    return prefix + name;
  }

  private String out(String name) {
    if (!name.startsWith(prefix)) {
      throw new IllegalStateException("the environment beneath answered '" + name + "' outside the scope '"
          + prefix + "'");
    }
    return name.substring(prefix.length());
  }

  @Override
  public SlotStat put(String name, String text) {
    return stripped(inner.put(in(name), text));
  }

  @Override
  public Digest digest() {
    Digest digest = inner.digest(prefix);
    return new Digest(digest.slots().stream().map(this::stripped).toList(), digest.unlisted());
  }

  @Override
  public Digest digest(String scope) {
    Objects.requireNonNull(scope, "scope");
    Digest digest = inner.digest(prefix + scope);
    return new Digest(digest.slots().stream().map(this::stripped).toList(), digest.unlisted());
  }

  @Override
  public Peek peek(String name) {
    Peek peek = inner.peek(in(name));
    return new Peek(out(peek.name()), peek.head(), peek.chars(), peek.truncated());
  }

  @Override
  public Chunked chunk(String name, ChunkSpec spec) {
    Chunked chunked = inner.chunk(in(name), spec);
    return new Chunked(out(chunked.parent()), chunked.pieces(),
        chunked.firstAddresses().stream().map(this::out).toList(), chunked.removedStale());
  }

  @Override
  public GrepResult grep(String pattern, GrepOptions options) {
    GrepOptions scoped = new GrepOptions(prefix + options.scope(), options.maxHits(), options.window());
    GrepResult result = inner.grep(pattern, scoped);
    List<GrepHit> hits = result.hits().stream()
        .map(hit -> new GrepHit(out(hit.slot()), hit.offset(), hit.window()))
        .toList();
    return new GrepResult(hits, result.truncated());
  }

  @Override
  public String select(String name, String jq) {
    return select(name, jq, JqBounds.DEFAULT, CancelSignal.none());
  }

  /**
   * The environment keys a select's result by content at its top level ({@code select:HASH}), outside any scope:
   * the result is copied under the prefix, so the child reads it by the name this answers, as it reads its own.
   */
  @Override
  public String select(String name, String jq, JqBounds bounds, CancelSignal cancel) {
    String address = inner.select(in(name), jq, bounds, cancel);
    if (address.startsWith(prefix)) {
      return out(address);
    }
    inner.put(prefix + address, SlotText.readAll(inner, address));
    return address;
  }

  @Override
  public SlotStat stat(String nameOrFamily) {
    return stripped(inner.stat(in(nameOrFamily)));
  }

  @Override
  public String read(String name, int chars, int offset) {
    return inner.read(in(name), chars, offset);
  }

  @Override
  public List<String> pieces(String family) {
    return inner.pieces(in(family)).stream().map(this::out).toList();
  }

  @Override
  public String appendTurn(String transcript, String role, String text) {
    return out(inner.appendTurn(in(transcript), role, text));
  }

  private SlotStat stripped(SlotStat stat) {
    return new SlotStat(out(stat.name()), stat.chars(), stat.bytes(), stat.lines(), stat.pieces(), stat.family());
  }
}
