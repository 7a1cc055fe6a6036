package dev.weft.context;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The content-hash gate every item source shares: a chunk is served only while its item still has its bytes. */
class ItemSourceTest {
  private static final byte[] INDEXED = "class A {}\n".getBytes(StandardCharsets.UTF_8);
  private static final String HASH = ContentHash.of(INDEXED);

  private final Map<String, byte[]> items = new HashMap<>(Map.of("src/A.java", INDEXED));
  private final ItemSource source = path -> {
    byte[] item = items.get(path);
    if (item == null) {
      throw new NoSuchFileException(path);
    }
    return item;
  };

  @Test
  void anUnchangedItemPassesTheGate() {
    assertThat(source.readIndexed("src/A.java", HASH)).isEqualTo(INDEXED);
  }

  @Test
  void aDriftedItemIsAStalePointerNamingBothHashes() {
    byte[] edited = "class B {}\n".getBytes(StandardCharsets.UTF_8);
    items.put("src/A.java", edited);

    assertThatThrownBy(() -> source.readIndexed("src/A.java", HASH))
        .isInstanceOf(StalePointerException.class)
        .hasMessage("stale pointer: src/A.java changed since it was indexed (indexed hash " + HASH.substring(0, 12)
            + ", now " + ContentHash.of(edited).substring(0, 12)
            + "); re-run `weft index` and recall again to get fresh lines");
    assertThat(source.readCurrent("src/A.java", HASH)).as("the whole item is not gated").isEqualTo(edited);
  }

  @Test
  void aVanishedItemIsAStalePointerEitherWay() {
    items.clear();

    assertThatThrownBy(() -> source.readIndexed("src/A.java", HASH))
        .isInstanceOf(StalePointerException.class).hasMessageContaining("now none");
    assertThatThrownBy(() -> source.readCurrent("src/A.java", HASH))
        .isInstanceOf(StalePointerException.class).hasMessageContaining("now none");
  }

  @Test
  void anUnreadableItemIsAnIoFailureNamingIt() {
    ItemSource denied = path -> {
      throw new AccessDeniedException("/corpus/" + path);
    };

    assertThatThrownBy(() -> denied.readIndexed("src/A.java", HASH))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessage("cannot read item src/A.java: java.nio.file.AccessDeniedException: /corpus/src/A.java");
  }
}
