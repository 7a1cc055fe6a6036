package dev.weft.bench.chaos;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One reader: runs {@code recall}, {@code get}, {@code generations} and {@code stats} processes back to back
 * against the index until stopped, while the cycle's writers run and die. Its own seeded stream picks the
 * commands, so the number of reads (which depends on timing) never shifts the suite's main stream.
 */
final class ReaderLoop implements Runnable {
  private final WeftChildren children;
  private final String index;
  private final List<String> corpusFiles;
  private final Random random;
  private final AtomicBoolean stop = new AtomicBoolean();
  private final List<ChildResult> results = new ArrayList<>();
  private Thread thread;

  ReaderLoop(WeftChildren children, String index, List<String> corpusFiles, long seed) {
    this.children = children;
    this.index = index;
    this.corpusFiles = List.copyOf(corpusFiles);
    this.random = new Random(seed);
  }

  void start(String name) {
    thread = new Thread(this, name);
    thread.setDaemon(true);
    thread.start();
  }

  /** Stops after the read in flight and returns every read's result. */
  List<ChildResult> stopAndCollect() {
    stop.set(true);
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while stopping reader " + thread.getName(), e);
    }
    synchronized (results) {
      return List.copyOf(results);
    }
  }

  @Override
  public void run() {
    while (!stop.get()) {
      ChildResult result = children.run(next());
      synchronized (results) {
        results.add(result);
      }
    }
  }

  List<String> next() {
    int pick = random.nextInt(10);
    String word = ChaosCorpus.WORDS.get(random.nextInt(ChaosCorpus.WORDS.size()));
    List<String> args = new ArrayList<>();
    if (pick < 4) {
      args.addAll(List.of("recall", word, "--kind", random.nextBoolean() ? "code" : "doc"));
    } else if (pick < 5) {
      args.addAll(List.of("recall", word, "--json"));
    } else if (pick < 8) {
      args.addAll(List.of("get", corpusFiles.get(random.nextInt(corpusFiles.size()))));
    } else if (pick < 9) {
      args.add("generations");
    } else {
      args.add("stats");
    }
    args.addAll(List.of("--index", index));
    return args;
  }
}
