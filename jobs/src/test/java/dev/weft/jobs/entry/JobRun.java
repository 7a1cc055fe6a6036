package dev.weft.jobs.entry;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One in-JVM run of a job's main with captured streams. */
record JobRun(int exit, String out, String err) {
  interface Main {
    int run(String[] args, PrintWriter out, PrintWriter err);
  }

  static JobRun of(Main main, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new JobRun(exit, out.toString(), err.toString());
  }

  /** The last line of stderr: the one failure line. */
  String failureLine() {
    String[] lines = err.strip().split("\n");
    return lines[lines.length - 1];
  }
}
