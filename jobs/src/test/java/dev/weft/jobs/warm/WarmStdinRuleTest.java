package dev.weft.jobs.warm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.jobs.warm.client.WarmPolicy;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A call naming the caller's own stdin, stdout, terminal or file descriptors runs cold, in whatever argument form:
 * a warm server would read or write its own files of those names (docs/cli.md, "Warm server").
 */
class WarmStdinRuleTest {
  private static final List<String> WARM = List.of("recall", "get", "stats", "index", "remember", "forget",
      "memory", "ledger", "report", "check", "rollback", "generations");

  @Property
  void anArgumentNamingTheCallersOwnFileRunsCold(@ForAll("warmCommands") String command,
      @ForAll("callerFiles") String file, @ForAll("forms") String form, @ForAll("ordinaryArgs") List<String> around,
      @ForAll("positions") int at) {
    List<String> argv = new ArrayList<>(List.of(command));
    argv.addAll(around);
    argv.add(1 + Math.floorMod(at, around.size() + 1), form.replace("FILE", file));

    assertThat(WarmPolicy.coldReason(argv)).hasValueSatisfying(why -> assertThat(why).contains(file));
  }

  @Property
  void ordinaryPathsInTheSameFormsStayWarm(@ForAll("warmCommands") String command, @ForAll("paths") String path,
      @ForAll("forms") String form) {
    List<String> argv = List.of(command, form.replace("FILE", path));

    assertThat(WarmPolicy.coldReason(argv)).isEmpty();
  }

  @Provide
  Arbitrary<String> warmCommands() {
    return Arbitraries.of(WARM);
  }

  @Provide
  Arbitrary<String> callerFiles() {
    Arbitrary<Integer> fd = Arbitraries.integers().between(0, 255);
    return Arbitraries.oneOf(Arbitraries.of("-", "/dev/stdin", "/dev/stdout", "/dev/stderr", "/dev/tty"),
        fd.map(n -> "/dev/fd/" + n), fd.map(n -> "/proc/self/fd/" + n));
  }

  /** As an argument, an option's value, or a file reference ({@code @FILE}) in either. */
  @Provide
  Arbitrary<String> forms() {
    Arbitrary<String> option = Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(12)
        .map(name -> "--" + name);
    return Arbitraries.oneOf(Arbitraries.of("FILE", "@FILE"),
        Combinators.combine(option, Arbitraries.of("=FILE", "=@FILE")).as(String::concat));
  }

  @Provide
  Arbitrary<List<String>> ordinaryArgs() {
    return Arbitraries.of("--json", "-n", "5", "t", "--evidence", "e", "memory", "add", "--index=/tmp/i")
        .list().ofMaxSize(6);
  }

  @Provide
  Arbitrary<Integer> positions() {
    return Arbitraries.integers().between(0, 10);
  }

  /** Relative and absolute paths outside /dev and /proc, including names that merely contain "stdin" or "fd". */
  @Provide
  Arbitrary<String> paths() {
    Arbitrary<String> segment = Arbitraries.oneOf(Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1)
        .ofMaxLength(8), Arbitraries.of("stdin", "fd", "0", "-x", "dev", "tty"));
    return Combinators.combine(Arbitraries.of("", "/", "./", "../"), segment.list().ofMinSize(1).ofMaxSize(4))
        .as((prefix, parts) -> prefix + String.join("/", parts))
        .filter(p -> !p.startsWith("/dev/") && !p.startsWith("/proc/") && !p.equals("-"));
  }
}
