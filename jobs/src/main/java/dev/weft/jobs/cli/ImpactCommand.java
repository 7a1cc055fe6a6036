package dev.weft.jobs.cli;

import dev.weft.api.Weft;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.impact.Caller;
import dev.weft.context.impact.Definition;
import dev.weft.context.impact.Impact;
import dev.weft.jobs.cli.options.IndexOption;
import dev.weft.jobs.cli.options.JsonOption;
import dev.weft.jobs.view.GraphView;
import dev.weft.jobs.view.Json;
import dev.weft.jobs.view.TsvFields;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "impact", description = "If I change this symbol, what depends on it: definitions, callers,"
    + " callees, complexity, risk and the hedges on every uncertain verdict (docs/graph.md).")
final class ImpactCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin IndexOption indexOption;

  @Parameters(index = "0", paramLabel = "SYMBOL", description = "A name (parse) or a type-qualified name (Parser.parse).")
  String symbol;

  @Mixin JsonOption json;

  @Override
  public Integer call() {
    try (Weft weft = Wefts.open(indexOption.forRead())) {
      Optional<Impact> impact = weft.impact(symbol);
      if (impact.isEmpty()) {
        spec.commandLine().getErr().println(TsvFields.printable("weft: " + GraphView.notDefined(symbol)));
        return ExitStatus.NOTHING_FOUND.code();
      }
      PrintWriter out = spec.commandLine().getOut();
      if (json.on()) {
        out.println(Json.write(impact.get()));
      } else {
        print(impact.get(), out);
      }
      return 0;
    }
  }

  /**
   * {@code name<TAB>value...} rows: the figures, then one row per definition, caller, callee and hedge; what
   * {@code weft hook pre-edit} hands Claude Code too.
   */
  static void print(Impact impact, PrintWriter out) {
    out.println(TsvFields.row("symbol", impact.symbol()));
    out.println(TsvFields.row("risk", impact.risk().id()));
    out.println(TsvFields.row("refCount", impact.refCount()));
    out.println(TsvFields.row("confirmed", impact.confirmed()));
    out.println(TsvFields.row("mentions", impact.mentions()));
    out.println(TsvFields.row("complexity", impact.complexity()));
    for (Definition def : impact.defs()) {
      out.println(TsvFields.row("def", def.path(), def.startLine() + "-" + def.endLine()));
    }
    for (Caller caller : impact.callers()) {
      out.println(TsvFields.row("caller", caller.path(), caller.line(), caller.symbol() == null ? "" : caller.symbol(),
          caller.confirmed() ? "confirmed" : "mention"));
    }
    for (String callee : impact.callees()) {
      out.println(TsvFields.row("callee", callee));
    }
    for (String hedge : impact.hedges()) {
      out.println(TsvFields.row("hedge", hedge));
    }
  }
}
