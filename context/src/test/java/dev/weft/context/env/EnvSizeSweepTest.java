package dev.weft.context.env;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.store.FilterStore;
import dev.weft.context.store.InMemoryStore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The sweep: a slot of 10 kB, 100 kB, 1 MB and 10 MB, and the serialised answers of digest, peek, chunk
 * and grep stay inside one constant band — the same bounds at every size (only the digits of counts grow).
 */
class EnvSizeSweepTest {
  private static final int[] SIZES = {10_000, 100_000, 1_000_000, 10_000_000};
  /** Bytes an answer may differ by across sizes: the digits of chars, bytes, lines and piece counts. */
  private static final int DIGITS_SLACK = 64;
  /** Upper bounds every size shares, from the caps (peek 400 chars, 5 chunk addresses, 20 hits of 2 x 80 + match). */
  private static final Map<String, Integer> UPPER = Map.of("digest", 2_500, "peek", 600, "chunk", 400,
      "grep", 20 * (2 * 80 + 60 + 60));
  private static final ObjectMapper JSON = new ObjectMapper();

  /** ASCII lines, one in 7 calling the deprecated API: {@code chars} chars exactly. */
  static String corpus(int chars) {
    StringBuilder text = new StringBuilder(chars + 64);
    for (int line = 0; text.length() < chars; line++) {
      text.append(String.format(Locale.ROOT, "line %07d: module m%d %s%n", line, line % 97,
          line % 7 == 0 ? "calls old() here" : "is fine"));
    }
    text.setLength(chars);
    return text.toString();
  }

  private static int size(Object answer) throws JsonProcessingException {
    return JSON.writeValueAsBytes(answer).length;
  }

  @Test
  void digestPeekChunkAndGrepAnswersStayInsideOneBandFrom10kBTo10MB() throws JsonProcessingException {
    Map<String, List<Integer>> sizes = new LinkedHashMap<>();
    for (int chars : SIZES) {
      SlotEnvironment env = new SlotEnvironment(new InMemoryStore());
      for (int i = 0; i < 15; i++) {
        env.put("other" + i, "small slot " + i);
      }
      env.put("big", corpus(chars));

      sizes.computeIfAbsent("digest", k -> new ArrayList<>()).add(size(env.digest()));
      sizes.computeIfAbsent("peek", k -> new ArrayList<>()).add(size(env.peek("big")));
      Chunked chunked = env.chunk("big", new ChunkSpec(ChunkSpec.Strategy.LINE, 100, Optional.empty()));
      assertThat(chunked.pieces()).isGreaterThanOrEqualTo(chars / 5_000);
      sizes.computeIfAbsent("chunk", k -> new ArrayList<>()).add(size(chunked));
      GrepResult grep = env.grep("calls old\\(\\)", new GrepOptions("big", 20, 80));
      assertThat(grep.truncated()).isTrue();
      sizes.computeIfAbsent("grep", k -> new ArrayList<>()).add(size(grep));
    }

    sizes.forEach((operation, bytes) -> {
      int smallest = bytes.stream().min(Integer::compare).orElseThrow();
      assertThat(bytes).as(operation + " answer bytes at 10 kB, 100 kB, 1 MB, 10 MB")
          .allSatisfy(b -> assertThat(b).isBetween(smallest, smallest + DIGITS_SLACK)
              .isLessThanOrEqualTo(UPPER.get(operation)));
    });
  }

  @Test
  void readAndPeekOfA10MBSlotLoadOneBlockNotTheSlot() {
    InMemoryStore store = new InMemoryStore();
    new SlotEnvironment(store).put("big", corpus(10_000_000));
    List<String> blocksRead = new ArrayList<>();
    SlotEnvironment env = new SlotEnvironment(new FilterStore(store) {
      @Override
      public Optional<JsonNode> get(String key) {
        if (key.startsWith(EnvKeys.DATA)) {
          blocksRead.add(key);
        }
        return in.get(key);
      }
    });

    assertThat(env.read("big", 400, 5_000_000)).hasSize(400);
    env.peek("big");

    assertThat(blocksRead).hasSize(2);
  }
}
