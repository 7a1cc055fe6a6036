package dev.weft.agents.recursive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.env.ChunkSpec;
import dev.weft.context.env.Chunked;
import dev.weft.context.env.Digest;
import dev.weft.context.env.Environment;
import dev.weft.context.env.GrepOptions;
import dev.weft.context.env.GrepResult;
import dev.weft.context.env.Peek;
import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.env.SlotStat;
import dev.weft.context.jq.JqBounds;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.store.InMemoryStore;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Whatever name a child passes, the environment beneath only ever sees names inside the child's prefix. */
class ScopedEnvironmentPropertyTest {
  private static final String PREFIX = "child/2/a%23b/";

  @Provide
  Arbitrary<String> names() {
    Arbitrary<String> tricky = Arbitraries.of("", " ", "/", "..", "../", "../../x", "child/2/b/corpus",
        "child/2/a%23b/corpus", "corpus#", "corpus#line:1/0", "#", "select:0123456789abcdef", "env/slot/x",
        "corpus\n", "/corpus");
    Arbitrary<String> any = Arbitraries.strings().withChars("abc/.#%:\\ \n").ofMinLength(0).ofMaxLength(24);
    return Arbitraries.oneOf(tricky, any, Arbitraries.strings().ofMaxLength(12));
  }

  @Property(tries = 300)
  void noNameAChildPassesReachesOutsideItsPrefix(@ForAll("names") String name, @ForAll("names") String other) {
    Recording beneath = new Recording(new SlotEnvironment(new InMemoryStore()));
    beneath.inner.put("child/2/b/corpus", "the sibling's text");
    beneath.inner.put("corpus", "the root's text");
    ScopedEnvironment child = new ScopedEnvironment(beneath, PREFIX);
    List<Consumer<Environment>> operations = List.of(
        env -> env.put(name, "{\"x\": 1}"),
        env -> env.read(name, 10, 0),
        env -> env.peek(name),
        env -> env.stat(name),
        env -> env.pieces(name),
        env -> env.chunk(name, new ChunkSpec(ChunkSpec.Strategy.LINE, 1, Optional.empty())),
        env -> env.select(name, ".x"),
        env -> env.appendTurn(name, "user", other),
        env -> env.grep("text", new GrepOptions(name, 5, 3)),
        env -> env.digest(name),
        env -> env.read(other, 10, 0));

    List<String> answered = new ArrayList<>();
    for (Consumer<Environment> operation : operations) {
      try {
        operation.accept(child);
      } catch (RuntimeException e) {
        answered.add(e.getMessage()); // refusals are fine; reaching outside is not
      }
    }

    assertThat(beneath.seen).allSatisfy(seen -> assertThat(seen).startsWith(PREFIX));
    assertThat(beneath.inner.digest("").slots()).extracting(SlotStat::name)
        .allSatisfy(slot -> assertThat(slot.startsWith(PREFIX) || slot.equals("child/2/b/corpus")
            || slot.equals("corpus") || slot.startsWith("select:")).isTrue());
    assertThat(answered).noneMatch(message -> message != null && message.contains("the sibling's text"));
  }

  /** Delegates, recording every name (and grep or digest scope) it is passed. */
  private static final class Recording implements Environment {
    final SlotEnvironment inner;
    final List<String> seen = new ArrayList<>();
    /** What select answered: the view copies such a result into its scope, a name the child did not pass. */
    final Set<String> selected = new HashSet<>();

    Recording(SlotEnvironment inner) {
      this.inner = inner;
    }

    private String saw(String name) {
      if (!selected.contains(name)) {
        seen.add(name);
      }
      return name;
    }

    @Override
    public SlotStat put(String name, String text) {
      return inner.put(saw(name), text);
    }

    @Override
    public Digest digest() {
      seen.add("");
      return inner.digest();
    }

    @Override
    public Digest digest(String scope) {
      return inner.digest(saw(scope));
    }

    @Override
    public Peek peek(String name) {
      return inner.peek(saw(name));
    }

    @Override
    public Chunked chunk(String name, ChunkSpec spec) {
      return inner.chunk(saw(name), spec);
    }

    @Override
    public GrepResult grep(String pattern, GrepOptions options) {
      saw(options.scope());
      return inner.grep(pattern, options);
    }

    @Override
    public String select(String name, String jq) {
      String address = inner.select(saw(name), jq);
      selected.add(address);
      return address;
    }

    @Override
    public String select(String name, String jq, JqBounds bounds, CancelSignal cancel) {
      String address = inner.select(saw(name), jq, bounds, cancel);
      selected.add(address);
      return address;
    }

    @Override
    public SlotStat stat(String nameOrFamily) {
      return inner.stat(saw(nameOrFamily));
    }

    @Override
    public String read(String name, int chars, int offset) {
      return inner.read(saw(name), chars, offset);
    }

    @Override
    public List<String> pieces(String family) {
      return inner.pieces(saw(family));
    }

    @Override
    public String appendTurn(String transcript, String role, String text) {
      return inner.appendTurn(saw(transcript), role, text);
    }
  }
}
