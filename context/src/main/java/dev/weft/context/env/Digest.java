package dev.weft.context.env;

import java.util.List;

/** At most 12 slots and the count of those not listed. */
public record Digest(List<SlotStat> slots, int unlisted) {
  public Digest {
    slots = List.copyOf(slots);
  }
}
