package dev.weft.index.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.Scope;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A child JVM for the process tests, writing a store through {@link LuceneStore#mutate}:
 *
 * <ul>
 *   <li>{@code pairs DIR THREADS ACKS}: each thread t forever writes, in one mutate, {@code t/a = t/b = i} and
 *       {@code t/seq/i} (i one past the stored {@code t/a}), then prints {@code ack t i} to stdout and appends it
 *       to the file ACKS (written through at once, so it survives a kill that loses the pipe) — until killed;
 *   <li>{@code counter DIR ID COUNT}: COUNT mutates each adding one to {@code counter} and writing {@code
 *       ID/seq/n}, then prints {@code done}.
 * </ul>
 */
public final class StoreChild {
  private static final Duration LOCK_WAIT = Duration.ofMinutes(2);

  private StoreChild() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[1]);
    PrintStream out = System.out;
    try (LuceneStore store = LuceneStore.open(dir, LuceneStoreOptions.defaults().withLockWait(LOCK_WAIT))) {
      if (args[0].equals("pairs")) {
        PrintStream acks = new PrintStream(new FileOutputStream(args[3], true), true, StandardCharsets.UTF_8);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < Integer.parseInt(args[2]); t++) {
          String name = "t" + t;
          Thread thread = new Thread(() -> {
            while (true) {
              long i = store.mutate(Scope.prefix(name + "/"), current -> pair(name, current));
              synchronized (out) {
                acks.println("ack " + name + " " + i);
                out.println("ack " + name + " " + i);
                out.flush();
              }
            }
          });
          threads.add(thread);
          thread.start();
        }
        for (Thread thread : threads) {
          thread.join();
        }
      } else {
        String id = args[2];
        int count = Integer.parseInt(args[3]);
        for (int n = 1; n <= count; n++) {
          String mine = seqKey(id, n);
          store.mutate(Scope.keys("counter", mine), current -> {
            long was = current.containsKey("counter") ? current.get("counter").asLong() : 0;
            return Outcome.write(Map.of("counter", number(was + 1), mine, number(was + 1)), null);
          });
        }
        out.println("done");
      }
    }
  }

  /** One pair step: {@code a} and {@code b} to i, plus the sequence key of i; the existing sequence kept. */
  static Outcome<Long> pair(String name, java.util.SortedMap<String, JsonNode> current) {
    JsonNode a = current.get(name + "/a");
    long i = a == null ? 1 : a.asLong() + 1;
    Map<String, JsonNode> next = new TreeMap<>(current);
    next.put(name + "/a", number(i));
    next.put(name + "/b", number(i));
    next.put(seqKey(name, i), number(i));
    return Outcome.write(next, i);
  }

  static String seqKey(String name, long i) {
    return String.format("%s/seq/%08d", name, i);
  }

  private static JsonNode number(long n) {
    return JsonNodeFactory.instance.numberNode(n);
  }
}
