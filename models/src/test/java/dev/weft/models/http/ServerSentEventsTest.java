package dev.weft.models.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServerSentEventsTest {
  private static List<String> events(String... lines) {
    ServerSentEvents sse = new ServerSentEvents();
    List<String> events = new ArrayList<>();
    for (String line : lines) {
      sse.line(line).ifPresent(events::add);
    }
    sse.end().ifPresent(events::add);
    return events;
  }

  @Test
  void dispatchesDataAtABlankLineJoiningDataLinesAndDroppingOneLeadingSpace() {
    assertThat(events("data: {\"a\":1}", "", "data:x", "data:  y", "", "data: [DONE]", ""))
        .containsExactly("{\"a\":1}", "x\n y", "[DONE]");
  }

  @Test
  void ignoresCommentsAndOtherFieldsAndFlushesAPendingEventAtTheEnd() {
    assertThat(events(": keep-alive", "", "event: message", "id: 7", "retry: 10", "data: last"))
        .containsExactly("last");
  }
}
