package dev.weft.context.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.weft.context.store.Store;

final class Fixtures {
  private Fixtures() {}

  static JsonNode ev(String text) {
    return TextNode.valueOf(text);
  }

  static JsonNode json(String text) {
    return LedgerJson.parse(text.replace('\'', '"'));
  }

  static Ledger ledger(Store store) {
    return new Ledger(store, LedgerOptions.defaults().withClock(new TickingClock()));
  }
}
