package dev.weft.transforms.program;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.MapCall;
import dev.weft.context.program.SubcallException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MapCallsTest {
  private static final MapCall CALL = new MapCall("src/A.java#3", "summarise", "class A {}", Optional.empty());

  @Test
  void aReplyIsTheResultAndAFailureItsErrorObject() {
    MapResult ok = MapCalls.ask((call, cancel) -> JsonNodeFactory.instance.textNode("a class"), CALL,
        CancelSignal.none());
    MapResult failed = MapCalls.ask((call, cancel) -> {
      throw new SubcallException(SubcallException.Reason.RATE_LIMITED, "429 after 3 tries");
    }, CALL, CancelSignal.none());

    assertThat(ok).isEqualTo(new MapResult("src/A.java#3", JsonNodeFactory.instance.textNode("a class")));
    assertThat(ok.failed()).isFalse();
    assertThat(failed.failed()).isTrue();
    assertThat(failed.value().toString())
        .isEqualTo("{\"error\":{\"reason\":\"RATE_LIMITED\",\"message\":\"429 after 3 tries\"}}");
  }

  @Test
  void aDefectInTheSubcallIsThatPiecesInternalFailureNotALostPiece() {
    MapResult failed = MapCalls.ask((call, cancel) -> {
      throw new IllegalStateException("client bug");
    }, CALL, CancelSignal.none());
    assertThat(failed.value().at("/error/reason").asText()).isEqualTo("INTERNAL");
    assertThat(failed.value().at("/error/message").asText()).isEqualTo("java.lang.IllegalStateException: client bug");
  }

  @Test
  void anErrorInTheSubcallIsThatPiecesInternalFailureNotADeadLane() {
    // a StackOverflowError (a validator recursing forever) once killed the lane and lost the piece
    MapResult failed = MapCalls.ask((call, cancel) -> {
      throw new StackOverflowError();
    }, CALL, CancelSignal.none());
    assertThat(failed.value().at("/error/reason").asText()).isEqualTo("INTERNAL");
    assertThat(failed.value().at("/error/message").asText()).isEqualTo("java.lang.StackOverflowError");
  }

  @Test
  void aReplyThatMerelyMentionsAnErrorIsNotAFailure() {
    var reply = JsonNodeFactory.instance.objectNode();
    reply.putObject("error").put("reason", "the module logs errors");
    reply.put("verdict", "fine");
    assertThat(new MapResult("a", reply).failed()).isFalse();
  }

  @Test
  void theLaneIsAStableHashOfTheAddress() {
    // CRC-32 of the UTF-8 bytes mod 8, pinned: a re-run on another JVM or runner must use the same lanes
    assertThat(MapCalls.laneOf("src/A.java#3", 8)).isEqualTo(MapCalls.laneOf("src/A.java#3", 8));
    assertThat(MapCalls.laneOf("doc#0", 1)).isZero();
    assertThatThrownBy(() -> MapCalls.laneOf("a", 0)).hasMessage("lanes must be at least 1, got: 0");
  }
}
