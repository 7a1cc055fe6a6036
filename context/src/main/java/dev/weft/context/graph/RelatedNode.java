package dev.weft.context.graph;

import dev.weft.context.Kind;

/**
 * A file reached from another over import edges.
 *
 * @param hops the fewest edges from the start (1 = a direct import or importer)
 * @param via {@code out} when the last edge on a shortest path was followed as an import, {@code in} as an
 *     importer (with direction {@code both} a node reached both ways at the same distance says {@code out})
 */
public record RelatedNode(String id, Kind kind, String format, int hops, String via) {}
