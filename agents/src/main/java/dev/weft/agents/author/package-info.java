/**
 * Whole-corpus questions: a model authors a program, the compiler holds it to the program schema and its rules, and
 * a runner runs it. Read {@link dev.weft.agents.author.LongHorizonAgent} first: it asks the model for a program as
 * structured output (the source described by a bounded {@link dev.weft.agents.author.SourceSketch}), sends a refusal
 * back once with the compiler's coded, pointered errors, and runs the program through the
 * {@link dev.weft.agents.author.AskSource} it was given (in process over an environment here; the facade plugs in
 * the in-process and Beam runners over a dataset or an index). It is one {@link dev.weft.agents.recursive.Level} of
 * a long-horizon tree: what its map sub-calls are at a depth is {@link dev.weft.agents.author.MapSubcalls}', what it
 * charges is a {@link dev.weft.agents.author.ModelAccount}'s (a tree's {@code TreeBudget} for every level of a
 * {@link dev.weft.agents.author.AskTree}, the recursion {@code weft ask --depth 2} runs), which models it asks a
 * {@link dev.weft.agents.author.ModelRouter}'s; {@link dev.weft.agents.author.ReusingAgent} wraps it to reuse
 * programs a host checked, kept in the ledger ({@link dev.weft.agents.author.ProgramLibrary}). See docs/agents.md,
 * "Whole-corpus questions".
 *
 * <p>May import: the JDK, Jackson, {@code schemas} (the program schema), {@code dev.weft.context} (its {@code env},
 * {@code program}, {@code error} and {@code ledger} packages), {@code models.http} (an endpoint's configuration), {@code dev.weft.agents.model}, {@code dev.weft.agents.program},
 * {@code dev.weft.agents.loop} (Budget, Spend) and {@code dev.weft.agents.recursive} (the Level seam). Must not
 * import Beam, {@code transforms}, {@code pipelines} or {@code api}: the runners are plugged in from {@code api}.
 */
package dev.weft.agents.author;
