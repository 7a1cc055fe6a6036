/**
 * Programs: the compiler and the in-process runner. {@code ProgramCompiler} turns a program document into a
 * {@code Plan} of {@code Step}s or refuses it with stable {@code ErrorCode}s, purely (it reads no slot and calls no
 * model); {@link dev.weft.agents.program.ProgramRunner} runs a plan over an {@code Environment}, the map fanned out on
 * a bounded pool. The per-piece rules both runners share ({@code PieceOps}, {@code AddressOrder},
 * {@code CanonicalJson}) are here, plain and serializable, so the Beam runner in {@code pipelines.program.beam} visits the
 * same pieces under the same addresses.
 *
 * <p>Read {@link dev.weft.agents.program.ProgramCompiler} first, then {@link dev.weft.agents.program.Plan};
 * docs/programs.md lists every error code (a test holds the table to the enum).
 *
 * <p>May import: the JDK, Jackson, jackson-jq, networknt json-schema-validator, {@code schemas}, and
 * {@code dev.weft.context} with its {@code env}, {@code program} and {@code error} packages. Must not import Beam,
 * {@code transforms}, {@code pipelines}, or {@code agents.model}: a map step calls a
 * {@code dev.weft.context.program.Subcall}, whichever model answers it.
 */
package dev.weft.agents.program;
