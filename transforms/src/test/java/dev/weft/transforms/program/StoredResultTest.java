package dev.weft.transforms.program;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.weft.context.program.MapCall;
import dev.weft.context.program.SubcallException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StoredResultTest {
  private static final MapCall CALL = new MapCall("doc#1", "summarise", "text one", Optional.empty());

  @Test
  void roundTripsThroughItsJsonLine() {
    StoredResult stored = StoredResult.of(CALL, new MapResult("doc#1", JsonNodeFactory.instance.numberNode(7)));
    assertThat(StoredResult.parse(stored.toJson())).contains(stored);
  }

  @Test
  void aTornOrForeignTextIsNotAResult() {
    String whole = StoredResult.of(CALL, new MapResult("doc#1", JsonNodeFactory.instance.textNode("x"))).toJson();
    assertThat(StoredResult.parse(whole.substring(0, whole.length() / 2))).isEmpty();
    assertThat(StoredResult.parse("")).isEmpty();
    assertThat(StoredResult.parse("{\"address\":\"doc#1\"}")).isEmpty();
  }

  @Test
  void answersTheSameTextOnlyAndAFailureOnlyWhenFailuresAreNotRetried() {
    StoredResult reply = StoredResult.of(CALL, new MapResult("doc#1", JsonNodeFactory.instance.textNode("x")));
    StoredResult failure = StoredResult.of(CALL, MapResult.failure("doc#1",
        new SubcallException(SubcallException.Reason.TIMEOUT, "slow")));
    MapCall changed = new MapCall("doc#1", "summarise", "text one, edited", Optional.empty());

    assertThat(reply.answers(CALL, true)).isTrue();
    assertThat(reply.answers(changed, true)).isFalse();
    assertThat(failure.answers(CALL, true)).isFalse();
    assertThat(failure.answers(CALL, false)).isTrue();
  }
}
