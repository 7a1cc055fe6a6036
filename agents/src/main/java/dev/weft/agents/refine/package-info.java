/**
 * Guarded refinement: the only way a model changes durable state. A proposal (an RFC 6902 patch) passes four
 * gates — its schema ({@link dev.weft.agents.refine.PatchSchema}, networknt), application to a copy (zjsonpatch),
 * validation of every resulting record by the store's own rules, then a snapshot and one atomic commit — or comes
 * back with coded, pointered errors ({@code AI04xx}, docs/programs.md) for a bounded repair round, then declines.
 * {@link dev.weft.agents.refine.GuardedRefiner} is the engine over any document; the ledger refiner and the claim
 * refiner are its two users.
 *
 * <p>Read {@link dev.weft.agents.refine.GuardedRefiner} first, then
 * {@link dev.weft.agents.refine.LedgerRefiner}; docs/agents.md, "Refinement".
 *
 * <p>May import: the JDK, Jackson, zjsonpatch, networknt json-schema-validator, {@code schemas},
 * {@code dev.weft.context} (its {@code ledger}, {@code program} and {@code error} packages),
 * {@code dev.weft.agents.model} (the chat client) and {@code dev.weft.agents.program} (the error shape
 * {@code CompileError} and its codes). Must not import Beam, {@code transforms}, {@code pipelines} or above.
 */
package dev.weft.agents.refine;
