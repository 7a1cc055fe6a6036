package dev.weft.bench.chaos;

/**
 * The suite's counts. The first four are the invariants; the rest name what else must stay zero: a
 * served generation no history of the writers explains, a generation an index run published that does not match
 * the corpus it was built from, differences between the final index and a fresh build, writers that failed
 * (other than on purpose or busy), and children that outlived their deadline.
 */
final class ChaosTally {
  int cycles;
  int kills;
  int reads;
  int writes;
  int acknowledgedLost;
  int readersFailed;
  int checkIndexFailures;
  long leakedBytes;
  int leaks;
  int servedUnexplained;
  int stalePublished;
  int finalDifferences;
  int writersFailed;
  int hangs;

  boolean clean() {
    return acknowledgedLost == 0 && readersFailed == 0 && checkIndexFailures == 0 && leakedBytes == 0 && leaks == 0
        && servedUnexplained == 0 && stalePublished == 0 && finalDifferences == 0 && writersFailed == 0 && hangs == 0;
  }

  /** The line, then the other counts. */
  String table() {
    return "cycles " + cycles + "  kills " + kills + "  acknowledged_lost " + acknowledgedLost + "  readers_failed "
        + readersFailed + "  checkindex_failures " + checkIndexFailures + "  leaked_bytes " + leakedBytes + "\n"
        + "served_unexplained " + servedUnexplained + "  stale_published " + stalePublished + "  final_differences "
        + finalDifferences + "  writers_failed " + writersFailed + "  hangs " + hangs + "  leaked_files " + leaks
        + "  reads " + reads + "  writes " + writes;
  }
}
