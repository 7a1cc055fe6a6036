package dev.weft.agents.author;

import dev.weft.agents.program.Compilation;
import dev.weft.agents.program.CompileError;
import dev.weft.agents.program.ProgramCompiler;
import dev.weft.context.program.CancelSignal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Verified program reuse around a {@link LongHorizonAgent}: before authoring, the stored programs of a {@link
 * ProgramLibrary} whose questions are alike are tried, best first. A candidate is compiled against this source's
 * slots (a refusal skips it); the same question may proceed, a paraphrase needs the host's {@code accept}; the
 * first that may proceed runs, and the host's {@code check} decides. A checked reuse is the answer; a wrong one
 * is recorded as failure evidence and the question is authored afresh, once. A fresh program the host's check
 * passes is recorded for later reuse. Every choice is an event of the result, before the run's own.
 */
public final class ReusingAgent {
  private final LongHorizonAgent agent;
  private final ProgramLibrary library;
  private final ReuseHost host;

  public ReusingAgent(LongHorizonAgent agent, ProgramLibrary library, ReuseHost host) {
    this.agent = Objects.requireNonNull(agent, "agent");
    this.library = Objects.requireNonNull(library, "library");
    this.host = Objects.requireNonNull(host, "host");
  }

  /** As {@link LongHorizonAgent#run(String, AskSource, CancelSignal)}, reusing a stored program when one checks. */
  public AskResult run(String question, AskSource source, CancelSignal cancel) throws InterruptedException {
    List<AskEvent> events = new ArrayList<>();
    for (ProgramCandidate candidate : library.candidates(question)) {
      Compilation compiled = ProgramCompiler.compileText(candidate.text(), source::hasSlot);
      if (!compiled.ok()) {
        List<CompileError> errors = compiled.errors();
        events.add(new AskEvent(AskEvent.Kind.REUSE_REFUSED, "", errors, candidate.address() + " does not compile "
            + "against this source: " + errors.stream().map(e -> e.code() + " " + e.pointer()).limit(4)
                .collect(Collectors.joining(", "))));
        continue;
      }
      String how = candidate.sameQuestion() ? "the same question"
          : "a paraphrase (similarity " + String.format(java.util.Locale.ROOT, "%.2f", candidate.similarity()) + ")";
      if (!candidate.sameQuestion() && !host.accept(question, candidate)) {
        events.add(new AskEvent(AskEvent.Kind.REUSE_DECLINED, "", List.of(), candidate.address() + ", stored for "
            + how + ", not accepted by the host"));
        continue;
      }
      AuthoredProgram stored = new AuthoredProgram(candidate.text(), compiled.planOrThrow(), List.of(), 0);
      AskResult reused = agent.runAuthored(1, stored, question, source, cancel);
      events.add(new AskEvent(AskEvent.Kind.REUSED, stored.fingerprint(), List.of(), candidate.address()
          + ", stored for " + how));
      if (host.check(question, reused.run(), true)) {
        return withEvents(reused, events);
      }
      String memory = library.recordFailure(question, candidate, reused.run());
      events.add(new AskEvent(AskEvent.Kind.REUSE_FAILED, stored.fingerprint(), List.of(), "the host's check "
          + "refused the answer of " + candidate.address() + " (" + reused.subcalls() + " sub-calls); evidence "
          + memory + "; authoring afresh"));
      break; // a wrong reuse falls back to fresh authoring once, not to the next candidate
    }
    AskResult fresh = agent.run(question, source, cancel);
    if (host.check(question, fresh.run(), false)) {
      events.add(new AskEvent(AskEvent.Kind.RECORDED, fresh.fingerprint(), List.of(), "checked; stored as "
          + library.record(question, fresh.program())));
    } else {
      events.add(new AskEvent(AskEvent.Kind.CHECK_FAILED, fresh.fingerprint(), List.of(), "the host's check "
          + "refused the answer; not stored"));
    }
    return withEvents(fresh, events);
  }

  /** The result with the reuse choices first, then its own events; the reuse outcome (recorded or not) last. */
  private static AskResult withEvents(AskResult result, List<AskEvent> reuse) {
    List<AskEvent> before = new ArrayList<>();
    List<AskEvent> after = new ArrayList<>();
    for (AskEvent event : reuse) {
      (event.kind() == AskEvent.Kind.RECORDED || event.kind() == AskEvent.Kind.CHECK_FAILED ? after : before)
          .add(event);
    }
    List<AskEvent> all = new ArrayList<>(before);
    all.addAll(result.events());
    all.addAll(after);
    return new AskResult(result.question(), result.program(), result.run(), result.options(), result.spend(), all);
  }
}
