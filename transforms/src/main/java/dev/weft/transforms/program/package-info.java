/**
 * The plain functions behind the Beam {@code map} of a program ({@code MapWithModel}): asking one piece
 * ({@link dev.weft.transforms.program.MapCalls}), the shard a piece is called in, the stored form of a result and
 * the rule that says whether a stored result makes a piece done. No Beam and no Lucene here, so each rule is
 * unit-tested alone; {@code transforms.beam} wires them.
 */
package dev.weft.transforms.program;
