/**
 * Git grounding by running {@code git}: {@link dev.weft.transforms.git.GitHistory} folds one batched {@code git log
 * --name-only} into per-file activity, cached per HEAD in a file beside the index (a descendant HEAD reads only the new
 * commits), and {@code GitStatus} lists the work tree's uncommitted files. They implement the records and the lookup of
 * {@code context.graph.git}; callers see only those.
 *
 * <p>Read {@link dev.weft.transforms.git.GitHistory} first; docs/graph.md ("Git activity") has the rules.
 *
 * <p>May import: the JDK, Jackson (the cache file) and {@code context.graph.git}. Must not import Beam, Lucene or
 * {@code dev.weft.index} ({@code LayeringTest}). Every command goes through {@code GitRunner}: one deadline, output to
 * temporary files rather than pipes. Activity is grounding, never a ranking signal.
 */
package dev.weft.transforms.git;
