/**
 * The seam between a program's {@code map} step and whatever answers it: a {@link dev.weft.context.program.Subcall}
 * asks one bounded instruction of one piece. The in-process runner (agents) and the Beam transform {@code
 * MapWithModel} (transforms) both call it, so both executors run the same code per piece; the chat-model
 * implementation lives in agents, tests use fakes or the stub server.
 */
package dev.weft.context.program;
