package dev.weft.context.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.error.ExitStatus;
import dev.weft.context.store.FilterStore;
import dev.weft.context.store.InMemoryStore;
import dev.weft.context.store.Mutation;
import dev.weft.context.store.Scope;
import dev.weft.context.store.Store;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Each operation of the environment on the in-memory store, and each refusal by its rule. */
class SlotEnvironmentTest {
  private final InMemoryStore store = new InMemoryStore();
  private final SlotEnvironment env = new SlotEnvironment(store);

  private static ChunkSpec spec(ChunkSpec.Strategy strategy, int size) {
    return new ChunkSpec(strategy, size, Optional.empty());
  }

  @Test
  void putAnswersTheShapeAndKeepsContentApartFromTheRecordInBlocks() {
    String text = "é".repeat(EnvLimits.BLOCK_CHARS) + "\nab\n";

    SlotStat stat = env.put("notes", text);

    assertThat(stat).isEqualTo(new SlotStat("notes", text.length(), 2L * EnvLimits.BLOCK_CHARS + 4, 2, 0, false));
    assertThat(store.keys("env/data/notes#")).hasSize(2);
    assertThat(store.get("env/slot/notes").orElseThrow().toString()).doesNotContain("ab");
    assertThat(env.read("notes", 10, EnvLimits.BLOCK_CHARS - 2)).isEqualTo("éé\nab\n");
  }

  @Test
  void putReplacesContentAndDropsEveryPieceAndOldBlock() {
    env.put("notes", "a\nb\nc\n");
    env.chunk("notes", spec(ChunkSpec.Strategy.LINE, 1));

    env.put("notes", "z");

    assertThat(env.pieces("notes")).isEmpty();
    assertThat(store.keys("env/data/notes#")).hasSize(1);
    assertThat(env.read("notes", 5, 0)).isEqualTo("z");
  }

  @Test
  void digestListsTwelveSlotsMostRecentFirstAndCountsTheRest() {
    IntStream.range(0, 15).forEach(i -> env.put("s" + i, "text " + i));
    env.put("s3", "written again");

    Digest digest = env.digest();

    assertThat(digest.slots()).hasSize(12);
    assertThat(digest.unlisted()).isEqualTo(3);
    assertThat(digest.slots().stream().map(SlotStat::name).toList())
        .startsWith("s3", "s14", "s13").doesNotContain("s0", "s1", "s2");
  }

  @Test
  void peekShowsABoundedHeadOfASlotOrAPiece() {
    env.put("big", "x".repeat(1000) + "y");
    env.put("small", "hello");
    env.chunk("big", spec(ChunkSpec.Strategy.SIZE, 500));

    assertThat(env.peek("big")).isEqualTo(new Peek("big", "x".repeat(EnvLimits.PEEK_CHARS), 1001, true));
    assertThat(env.peek("small")).isEqualTo(new Peek("small", "hello", 5, false));
    assertThat(env.peek("big#size:500/2")).isEqualTo(new Peek("big#size:500/2", "y", 1, false));
  }

  @Test
  void chunkAddressesPiecesAsParentStrategySizeIndexAndReadsThemLikeSlots() {
    env.put("log", "l0\nl1\nl2\nl3\nl4\n");

    Chunked chunked = env.chunk("log", spec(ChunkSpec.Strategy.LINE, 2));

    assertThat(chunked).isEqualTo(new Chunked("log", 3, List.of("log#line:2/0", "log#line:2/1", "log#line:2/2"), 0));
    assertThat(env.read("log#line:2/1", 100, 0)).isEqualTo("l2\nl3\n");
    assertThat(env.stat("log#line:2/2")).isEqualTo(new SlotStat("log#line:2/2", 3, 3, 1, 0, false));
    assertThat(env.stat("log")).isEqualTo(new SlotStat("log", 15, 15, 5, 3, false));
  }

  @Test
  void chunkListsOnlyTheFirstFewAddressesAndPiecesListsAllInNumericOrder() {
    env.put("doc", "abcdefghijkl");

    Chunked chunked = env.chunk("doc", spec(ChunkSpec.Strategy.SIZE, 1));

    assertThat(chunked.pieces()).isEqualTo(12);
    assertThat(chunked.firstAddresses()).hasSize(EnvLimits.CHUNK_LISTED);
    List<String> pieces = env.pieces("doc");
    assertThat(pieces).hasSize(12).startsWith("doc#size:1/0", "doc#size:1/1", "doc#size:1/2")
        .endsWith("doc#size:1/10", "doc#size:1/11");
    assertThat(pieces.stream().map(p -> env.read(p, 1, 0)).collect(Collectors.joining())).isEqualTo("abcdefghijkl");
  }

  @Test
  void rechunkingIntoFewerPiecesRemovesTheStaleOnesInTheSameWrite() {
    env.put("doc", "a".repeat(100));
    env.chunk("doc", spec(ChunkSpec.Strategy.SIZE, 10));
    int[] mutates = {0};
    SlotEnvironment counted = new SlotEnvironment(new FilterStore(store) {
      @Override
      public <R> R mutate(Scope scope, Mutation<R> mutation) {
        mutates[0]++;
        return in.mutate(scope, mutation);
      }
    });

    Chunked again = counted.chunk("doc", spec(ChunkSpec.Strategy.SIZE, 40));

    assertThat(mutates[0]).isEqualTo(1);
    assertThat(again.pieces()).isEqualTo(3);
    assertThat(again.removedStale()).isEqualTo(10);
    assertThat(env.pieces("doc")).containsExactly("doc#size:40/0", "doc#size:40/1", "doc#size:40/2");
    assertThat(store.keys("env/piece/")).hasSize(3);
    assertThatThrownBy(() -> env.read("doc#size:10/9", 1, 0)).isInstanceOf(SlotNotFoundException.class)
        .hasMessage("no piece 'doc#size:10/9'; stat('doc') says how many pieces it has and pieces('doc') lists them");
  }

  @Test
  void rechunkingTheSameWayRemovesNothing() {
    env.put("doc", "a".repeat(100));
    env.chunk("doc", spec(ChunkSpec.Strategy.SIZE, 10));

    assertThat(env.chunk("doc", spec(ChunkSpec.Strategy.SIZE, 10)).removedStale()).isZero();
  }

  @Test
  void separatorPiecesLeaveOutTheSeparatorAndEmptyStretches() {
    env.put("recs", "one--two----three");

    env.chunk("recs", new ChunkSpec(ChunkSpec.Strategy.SEPARATOR, 100, Optional.of("--")));

    assertThat(env.pieces("recs").stream().map(p -> env.read(p, 100, 0)).toList())
        .containsExactly("one", "two", "three");
  }

  @Test
  void statOfAFamilySumsItsPieces() {
    env.put("doc", "abc\ndef\nghi");
    env.chunk("doc", spec(ChunkSpec.Strategy.LINE, 1));

    assertThat(env.stat("doc#")).isEqualTo(new SlotStat("doc#", 11, 11, 3, 3, true));
    assertThat(env.stat("doc#line:1")).isEqualTo(new SlotStat("doc#line:1", 11, 11, 3, 3, true));
    assertThat(env.stat("doc#size:4")).isEqualTo(new SlotStat("doc#size:4", 0, 0, 0, 0, true));
    assertThat(env.stat("doc#turn")).isEqualTo(new SlotStat("doc#turn", 0, 0, 0, 0, true));
  }

  @Test
  void readAnswersExactlyTheCharsAskedAndFewerOnlyAtTheEnd() {
    env.put("s", "0123456789");

    assertThat(env.read("s", 3, 4)).isEqualTo("456");
    assertThat(env.read("s", 30, 8)).isEqualTo("89");
    assertThat(env.read("s", 3, 10)).isEmpty();
    assertThatThrownBy(() -> env.read("s", 3, 11)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("offset (into 's' of 10 chars) must be between 0 and 10, got: 11");
    assertThatThrownBy(() -> env.read("s", EnvLimits.MAX_READ_CHARS + 1, 0))
        .hasMessage("chars must be between 0 and 1000000, got: 1000001");
    assertThatThrownBy(() -> env.read("s", -1, 0)).hasMessage("chars must be between 0 and 1000000, got: -1");
  }

  @Test
  void namesAreRefusedByTheRuleTheyBreak() {
    assertThatThrownBy(() -> env.put(" ", "x")).hasMessage("a slot name must not be blank, got: ' '");
    assertThatThrownBy(() -> env.put("a#b", "x"))
        .hasMessageStartingWith("a slot name must not contain '#'").hasMessageEndingWith("got: 'a#b'");
    assertThatThrownBy(() -> env.put("a\nb", "x"))
        .hasMessage("a slot name must not contain control characters (newlines, tabs), got: 'a?b'");
    assertThatThrownBy(() -> env.put("n".repeat(201), "x"))
        .hasMessageStartingWith("a slot name must be at most 200 chars, got: 201 chars");
    assertThatThrownBy(() -> env.put(null, "x")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> env.put("ok", null)).hasMessage("the text of slot 'ok' must be given, got: null");
    assertThat(store.keys("")).isEmpty();
  }

  @Test
  void halfASurrogatePairIsRefusedByPosition() {
    assertThatThrownBy(() -> env.put("s", "ab\uD83D"))
        .hasMessage("the text of slot 's' holds a lone surrogate (half of a UTF-16 pair, not text) at char 2, got: "
            + "\\ud83d; decode the source as UTF-8 first");
    assertThatThrownBy(() -> env.appendTurn("t", "user", "\uDE00x")).hasMessageContaining("at char 0");
    assertThat(env.put("s", "a\uD83D\uDE00").chars()).isEqualTo(3);
  }

  @Test
  void aMissingSlotOrPieceIsNothingFoundNamingIt() {
    env.put("doc", "abc");

    assertThatThrownBy(() -> env.peek("notes")).isInstanceOf(SlotNotFoundException.class)
        .hasMessage("no slot named 'notes'; digest() lists the slots")
        .extracting(e -> ((SlotNotFoundException) e).status()).isEqualTo(ExitStatus.NOTHING_FOUND);
    assertThatThrownBy(() -> env.stat("doc#line:3/0")).isInstanceOf(SlotNotFoundException.class);
    assertThatThrownBy(() -> env.pieces("nope")).isInstanceOf(SlotNotFoundException.class);
    assertThatThrownBy(() -> env.chunk("nope", spec(ChunkSpec.Strategy.SIZE, 3)))
        .isInstanceOf(SlotNotFoundException.class);
    assertThatThrownBy(() -> env.read("doc#bogus", 1, 0)).hasMessage("'doc#bogus' is not a piece address: pieces "
        + "are addressed slot#strategy:size/index (notes#line:40/3) or slot#turn/N (chat#turn/2)");
  }

  @Test
  void chunkSpecsAreRefusedByTheRuleTheyBreak() {
    env.put("doc", "abc");

    assertThatThrownBy(() -> env.chunk("doc", spec(ChunkSpec.Strategy.SIZE, 0)))
        .hasMessage("size must be between 1 and 1000000, got: 0");
    assertThatThrownBy(() -> env.chunk("doc", spec(ChunkSpec.Strategy.LINE, 1_000_001)))
        .hasMessage("size must be between 1 and 1000000, got: 1000001");
    assertThatThrownBy(() -> env.chunk("doc", spec(ChunkSpec.Strategy.SEPARATOR, 5)))
        .hasMessage("strategy separator needs a separator (such as \"\\n\\n\"), got: none");
    assertThatThrownBy(() -> env.chunk("doc", new ChunkSpec(ChunkSpec.Strategy.SEPARATOR, 5, Optional.of(""))))
        .hasMessage("separator length must be between 1 and 100, got: 0");
    assertThatThrownBy(() -> env.chunk("doc", new ChunkSpec(ChunkSpec.Strategy.SIZE, 5, Optional.of(","))))
        .hasMessage("a separator is only for strategy separator, got: strategy size with separator ','");
    assertThatThrownBy(() -> env.chunk("doc", null)).isInstanceOf(IllegalArgumentException.class);
    env.chunk("doc", spec(ChunkSpec.Strategy.SIZE, 1));
    assertThatThrownBy(() -> env.chunk("doc#size:1/0", spec(ChunkSpec.Strategy.SIZE, 1)))
        .hasMessageStartingWith("chunk a slot, not a piece: got 'doc#size:1/0'");
  }

  @Test
  void aChunkingOfMorePiecesThanTheCapIsRefusedAndWritesNothing() {
    env.put("doc", "x".repeat(EnvLimits.MAX_PIECES + 1));

    assertThatThrownBy(() -> env.chunk("doc", spec(ChunkSpec.Strategy.SIZE, 1)))
        .hasMessage("this chunking would make more than 100000 pieces (the cap); use a larger size");
    assertThat(store.keys("env/piece/")).isEmpty();
  }

  @Test
  void aStoreWithoutMutateIsRefused() {
    Store plain = new FilterStore(store) {
      @Override
      public Set<Capability> capabilities() {
        return EnumSet.noneOf(Capability.class);
      }
    };

    assertThatThrownBy(() -> new SlotEnvironment(plain))
        .hasMessageStartingWith("the environment needs a store that offers mutate");
  }
}
