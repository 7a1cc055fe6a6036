/**
 * The fusion of a lexical and a vector ranking, plain arithmetic shared by the corpus index's hybrid recall
 * (lucene-index) and the memory write path's fact/episode recall ({@code dev.weft.context.memory}), so both rank
 * by the same formula.
 */
package dev.weft.context.fusion;
