package dev.weft.pipelines.program.beam;

import java.io.Serializable;
import java.util.List;
import org.apache.beam.sdk.values.KV;

/**
 * The steps before a map, applied to one piece at a time on the workers (chunk cuts it, grep keeps or drops
 * it): a piece {@code (address, text)} in, its pieces out, in order. Serializable: it ships with the pipeline.
 */
@FunctionalInterface
public interface PieceSteps extends Serializable {
  /** No step before the map: every source piece is a map piece. */
  PieceSteps NONE = (address, text) -> List.of(KV.of(address, text));

  List<KV<String, String>> apply(String address, String text);
}
