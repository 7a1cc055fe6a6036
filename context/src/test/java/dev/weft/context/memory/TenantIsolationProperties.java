package dev.weft.context.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.error.WeftException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** No sequence of scoped writes, reads and deletes crosses tenants. */
class TenantIsolationProperties {
  private static final List<String> TENANTS = List.of("ann", "bob", "ann.s", "a");

  /** One call through one tenant's view, sometimes naming another tenant's scope. */
  record Op(String tenant, int action, String id, String namedOwner) {}

  @Provide
  Arbitrary<List<Op>> ops() {
    Arbitrary<String> tenant = Arbitraries.of(TENANTS);
    Arbitrary<String> id = Arbitraries.of("x", "x#1", "x#1#2", "x#b", "x#1b", "x#", "xy", "y", "a/b", "o.bob");
    Arbitrary<String> named = Arbitraries.of(TENANTS).injectNull(0.7);
    return Combinators.combine(tenant, Arbitraries.integers().between(0, 4), id, named).as(Op::new)
        .list().ofMaxSize(40);
  }

  @Property(tries = 300)
  void aTenantSeesExactlyWhatItWroteAndNothingElse(@ForAll("ops") List<Op> ops) {
    Memory memory = new Memory(new WordStore());
    Map<String, Map<String, String>> model = new HashMap<>();
    TENANTS.forEach(t -> model.put(t, new HashMap<>()));
    int step = 0;
    for (Op op : ops) {
      step++;
      Memory view = memory.scoped(op.tenant());
      MemoryScope scope = op.namedOwner() == null ? null : MemoryScope.owner(op.namedOwner());
      boolean foreign = op.namedOwner() != null && !op.namedOwner().equals(op.tenant());
      Map<String, String> mine = model.get(op.tenant());
      try {
        switch (op.action()) {
          case 0, 1 -> {
            String text = "word" + step;
            view.remember(op.id(), text, Remember.defaults().withScope(scope));
            mine.put(op.id(), text);
          }
          case 2 -> {
            view.forget(op.id(), scope);
            mine.keySet().removeIf(k -> isIdOrSegment(k, op.id()));
          }
          case 3 -> assertThat(view.get(op.id(), scope).map(MemoryRecord::text))
              .isEqualTo(java.util.Optional.ofNullable(mine.get(op.id())));
          default -> view.forget(new ForgetSelector(MemoryKind.FACT, null), scope);
        }
        if (op.action() == 4) {
          mine.clear();
        }
        assertThat(foreign).as("a call naming another tenant's scope must be refused").isFalse();
      } catch (WeftException refused) {
        assertThat(foreign).as("only foreign scopes are refused: " + refused.getMessage()).isTrue();
      }
      for (String tenant : TENANTS) {
        Memory check = memory.scoped(tenant);
        Map<String, String> seen = new HashMap<>();
        check.enumerate(null, 0, 1000).records().forEach(r -> seen.put(r.id(), r.text()));
        assertThat(seen).as("tenant %s after step %d", tenant, step).isEqualTo(model.get(tenant));
        for (Map.Entry<String, String> e : model.get(tenant).entrySet()) {
          assertThat(check.recall(MemoryQuery.of(e.getValue(), MemoryKind.FACT)).hits())
              .allMatch(h -> h.record().scope().owner().equals(tenant));
        }
      }
    }
  }

  /** The segment rule said another way: after the id, only {@code #} and digits, each {@code #} followed by some. */
  private static boolean isIdOrSegment(String other, String id) {
    if (!other.startsWith(id)) {
      return false;
    }
    String rest = other.substring(id.length());
    if (rest.isEmpty()) {
      return true;
    }
    if (!rest.startsWith("#")) {
      return false;
    }
    for (String part : rest.substring(1).split("#", -1)) {
      if (part.isEmpty() || !part.chars().allMatch(c -> c >= '0' && c <= '9')) {
        return false;
      }
    }
    return true;
  }
}
