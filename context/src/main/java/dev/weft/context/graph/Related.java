package dev.weft.context.graph;

import java.util.List;

/**
 * The files related to one file, nearest first (then by path), each once.
 *
 * @param truncated true when the hop count asked for was above {@link CodeGraph#MAX_HOPS} and was clamped to it
 */
public record Related(List<RelatedNode> items, boolean truncated) {
  public Related {
    items = List.copyOf(items);
  }
}
