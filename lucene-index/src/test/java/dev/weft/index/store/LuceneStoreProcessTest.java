package dev.weft.index.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.Directory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Child JVMs ({@link StoreChild}) writing a store: one killed with {@code destroyForcibly} while it mutates, two
 * writing one store at once. No sleeps: the parent acts on what the children print.
 */
class LuceneStoreProcessTest {
  private static final int THREADS = 2;
  private static final int ACKS_BEFORE_KILL = 40;
  @TempDir Path tmp;

  /**
   * Killed mid-write, three times over the same store: after each, every thread's {@code a} and {@code b} agree
   * (no mutate half-applied), its sequence is exactly 1..a (a prefix of the attempted writes, no gap), and a is
   * at least the last acknowledged i and at most one more (the mutate in flight when the kill landed).
   */
  @Test
  void aWriterKilledMidMutateLeavesAPrefixOfItsWritesAndEveryAcknowledgedOne() throws Exception {
    Path dir = tmp.resolve("ledger");
    for (int round = 0; round < 3; round++) {
      killMidWrite(dir, round, ACKS_BEFORE_KILL);
    }
  }

  /**
   * Killed after enough writes for folds: the log filled, a fold's segment built ahead and added by a later commit
   * ({@link FoldAhead}), the next one being built — wherever the kill lands, the same prefix rule holds.
   */
  @Test
  void aWriterKilledWhileFoldsAreBuiltAheadLeavesAPrefixOfItsWrites() throws Exception {
    Path dir = tmp.resolve("ledger");
    killMidWrite(dir, 0, 2 * CommitLog.FOLD_ENTRIES);
    try (Directory directory = CommitPointJournalDirectory.open(dir);
        DirectoryReader reader = DirectoryReader.open(directory)) {
      assertThat(reader.numDocs()).as("documents a fold wrote").isPositive();
    }
  }

  /**
   * Starts a writer of {@code pairs}, kills it after {@code acksBeforeKill} acknowledgements and checks that every
   * thread's {@code a} and {@code b} agree (no mutate half-applied), its sequence is exactly 1..a (a prefix of the
   * attempted writes, no gap), and a is at least the last acknowledged i and at most one more (the mutate in
   * flight when the kill landed).
   */
  private void killMidWrite(Path dir, int round, int acksBeforeKill) throws Exception {
    Path ackFile = tmp.resolve("acks-" + round + ".txt");
    Process child = start("pairs", dir.toString(), Integer.toString(THREADS), ackFile.toString());
    Map<String, Long> acked = new HashMap<>();
    try (BufferedReader out = new BufferedReader(
        new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      int acks = 0;
      while (acks < acksBeforeKill && out.readLine() != null) {
        acks++;
      }
      assertThat(acks).as("acks before the child stopped (stderr: %s)", stderr(child)).isEqualTo(acksBeforeKill);
      child.destroyForcibly();
      assertThat(child.waitFor(1, TimeUnit.MINUTES)).isTrue();
    }
    // every acknowledgement, those still in the pipe when the kill closed it included
    Files.readAllLines(ackFile).forEach(line -> record(acked, line));

    try (LuceneStore store = LuceneStore.open(dir)) {
      for (int t = 0; t < THREADS; t++) {
        String name = "t" + t;
        Optional<JsonNode> a = store.get(name + "/a");
        Optional<JsonNode> b = store.get(name + "/b");
        assertThat(a).as("round %d: %s/a and /b agree", round, name).isEqualTo(b);
        long stored = a.map(JsonNode::asLong).orElse(0L);
        long last = acked.getOrDefault(name, 0L);
        assertThat(stored).as("round %d: %s holds every acknowledged write", round, name)
            .isBetween(last, last + 1);
        assertThat(store.keys(name + "/seq/")).as("round %d: %s's sequence is gapless", round, name)
            .containsExactlyElementsOf(LongStream.rangeClosed(1, stored)
                .mapToObj(i -> StoreChild.seqKey(name, i)).toList());
      }
    }
  }

  /** Two processes writing one store at once: every write of both is there, no increment lost. */
  @Test
  void twoProcessesWritingOneStoreLoseNothing() throws Exception {
    Path dir = tmp.resolve("ledger");
    int each = 25;
    Process first = start("counter", dir.toString(), "p1", Integer.toString(each));
    Process second = start("counter", dir.toString(), "p2", Integer.toString(each));
    for (Process child : List.of(first, second)) {
      assertThat(child.waitFor(3, TimeUnit.MINUTES)).as("child finished").isTrue();
      assertThat(child.exitValue()).as("exit status (stderr: %s)", stderr(child)).isZero();
    }

    try (LuceneStore store = LuceneStore.open(dir)) {
      assertThat(store.get("counter").map(JsonNode::asLong)).contains(2L * each);
      assertThat(store.keys("p1/seq/")).hasSize(each);
      assertThat(store.keys("p2/seq/")).hasSize(each);
      // every increment saw a distinct predecessor: the values written are exactly 1..2·each
      List<Long> seen = new ArrayList<>();
      for (String key : store.keys("")) {
        if (key.contains("/seq/")) {
          seen.add(store.get(key).orElseThrow().asLong());
        }
      }
      assertThat(seen).containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, 2L * each).boxed().toList());
    }
  }

  private Process start(String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), StoreChild.class.getName()));
    command.addAll(List.of(args));
    Path err = Files.createTempFile(tmp, "child", ".err");
    Process process = new ProcessBuilder(command).redirectError(err.toFile()).start();
    errors.put(process, err);
    return process;
  }

  private final Map<Process, Path> errors = new HashMap<>();

  private String stderr(Process process) throws IOException {
    return Files.readString(errors.get(process));
  }

  private static void record(Map<String, Long> acked, String line) {
    String[] parts = line.split(" ");
    if (parts.length == 3 && parts[0].equals("ack")) {
      acked.merge(parts[1], Long.parseLong(parts[2]), Math::max);
    }
  }
}
