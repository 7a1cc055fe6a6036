/**
 * Git grounding, as records and one lookup contract: a file's history ({@code GitActivity}: commits, last commit time
 * and author) through {@link dev.weft.context.graph.git.GitActivityIndex}, and the work tree's uncommitted files
 * ({@code RecentActivity}, {@code RecentFile}). Shown beside a hit or a graph node; never used for ranking.
 *
 * <p>Read {@link dev.weft.context.graph.git.GitActivityIndex} first. The implementation, which runs {@code git}, is
 * {@code transforms.git}; the facade and the CLI only see these types.
 *
 * <p>May import: the JDK and Jackson (for the JSON shape of the records). Must not run processes or import any other
 * Weft package.
 */
package dev.weft.context.graph.git;
