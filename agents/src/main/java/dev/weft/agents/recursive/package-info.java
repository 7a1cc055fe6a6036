/**
 * Recursion for long-horizon questions: a program's map sub-call that is itself an agent over its own slice. Read
 * {@link dev.weft.agents.recursive.Level} first: one level of a tree (author, run, answer), the seam between the
 * long-horizon agent that implements it and the recursive sub-call that calls it for a child; then {@link
 * dev.weft.agents.recursive.RecursionTree}, which holds a tree's depth, its one budget and its level. May import
 * {@code dev.weft.agents.program}, {@code dev.weft.agents.model}, {@code dev.weft.agents.loop} and
 * {@code dev.weft.context}.
 */
package dev.weft.agents.recursive;
