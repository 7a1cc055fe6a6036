package dev.weft.transforms.beam;

import dev.weft.context.program.MapCall;
import java.io.Serializable;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Top;
import org.apache.beam.sdk.transforms.View;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.beam.sdk.values.TypeDescriptors;

/**
 * A map's {@code maxSubcalls}, applied deterministically before the map: keeps the first N pieces in the given
 * address order (the order the in-process runner uses too), whatever runner, worker count or input order, so a
 * re-run caps the same pieces. Counters in {@value MapWithModel#NAMESPACE}: {@code map_items} (pieces offered) and
 * {@code map_not_visited} (pieces the cap left out). N = 0 keeps every piece.
 *
 * <p>The N smallest addresses are found with {@link Top} and handed to the filter as a side input: memory is N
 * addresses per worker, never the pieces' text.
 *
 * <pre>{@code
 * PCollection<MapCall> capped = calls.apply("CapSubcalls", CapSubcalls.first(10_000, AddressOrder.INSTANCE));
 * }</pre>
 */
public final class CapSubcalls<C extends Comparator<String> & Serializable>
    extends PTransform<PCollection<MapCall>, PCollection<MapCall>> {
  /** No cap: every piece is visited. */
  public static final int NO_CAP = 0;

  private final int max;
  private final C order;

  private CapSubcalls(int max, C order) {
    this.max = max;
    this.order = order;
  }

  /** The first {@code max} pieces in {@code order} ({@value #NO_CAP}: all of them). */
  public static <C extends Comparator<String> & Serializable> CapSubcalls<C> first(int max, C order) {
    if (max < 0) {
      throw new IllegalArgumentException("maxSubcalls must be at least 0 (0: no cap), got: " + max);
    }
    if (order == null) {
      throw new IllegalArgumentException("address order must be given, got: null");
    }
    return new CapSubcalls<>(max, order);
  }

  @Override
  public PCollection<MapCall> expand(PCollection<MapCall> calls) {
    if (max == NO_CAP) {
      return calls.apply("CountItems", ParDo.of(new CountFn(null))).setCoder(MapCallCoder.of());
    }
    PCollectionView<List<String>> firstN = calls
        .apply("Addresses", MapElements.into(TypeDescriptors.strings()).via(MapCall::address))
        .apply("SmallestAddresses", Top.of(max, new Reversed<>(order)))
        .setCoder(ListCoder.of(StringUtf8Coder.of()))
        .apply("AsView", View.asSingleton());
    return calls.apply("KeepFirst", ParDo.of(new CountFn(firstN)).withSideInputs(firstN))
        .setCoder(MapCallCoder.of());
  }

  /** {@link Top#of} keeps the largest: reversed, it keeps the smallest, the first in order. */
  private record Reversed<C extends Comparator<String> & Serializable>(C order)
      implements Comparator<String>, Serializable {
    @Override
    public int compare(String a, String b) {
      return order.compare(b, a);
    }
  }

  static final class CountFn extends DoFn<MapCall, MapCall> {
    private final PCollectionView<List<String>> firstN;
    private final Counter items = Metrics.counter(MapWithModel.NAMESPACE, "map_items");
    private final Counter notVisited = Metrics.counter(MapWithModel.NAMESPACE, "map_not_visited");
    // the side input is one list for the whole (global-window) run: its set is built once per DoFn instance
    private transient List<String> seen;
    private transient Set<String> keep;

    CountFn(PCollectionView<List<String>> firstN) {
      this.firstN = firstN;
    }

    @ProcessElement
    public void processElement(ProcessContext context) {
      MapCall call = context.element();
      items.inc();
      if (firstN != null) {
        List<String> addresses = context.sideInput(firstN);
        if (addresses != seen) {
          seen = addresses;
          keep = new HashSet<>(addresses);
        }
        if (!keep.contains(call.address())) {
          notVisited.inc();
          return;
        }
      }
      context.output(call);
    }
  }
}
