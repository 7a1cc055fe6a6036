package dev.weft.jobs.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One in-JVM run of the CLI with captured streams. */
public record CliRun(int exit, String out, String err) {
  public static CliRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = WeftCli.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new CliRun(exit, out.toString(), err.toString());
  }

  String[] lines() {
    return out.isEmpty() ? new String[0] : out.split("\n");
  }
}
