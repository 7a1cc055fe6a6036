package dev.weft.jobs.run;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C and SIGTERM turned into a clean stop of a long command: the first signal runs {@code stop} and the
 * command goes on to finish (a watch its publish, a program run its summary and report) and exits with its own
 * code. The signals are handled rather than left to a shutdown hook because a JVM ending on a signal exits 130/143
 * whatever a hook does, and runs no more of the command. A second signal exits at once (130). Closing puts the
 * previous handlers back.
 */
public final class SignalStop implements AutoCloseable {
  private static final String[] SIGNALS = {"INT", "TERM"};

  private final Map<Signal, SignalHandler> previous = new LinkedHashMap<>();

  private SignalStop(Runnable stop) {
    AtomicInteger signals = new AtomicInteger();
    for (String name : SIGNALS) {
      Signal signal = new Signal(name);
      previous.put(signal, Signal.handle(signal, s -> {
        if (signals.incrementAndGet() > 1) {
          Runtime.getRuntime().halt(130);
        }
        stop.run();
      }));
    }
  }

  /** Handles INT and TERM with {@code stop} (run on the JVM's signal thread: it must not block) until closed. */
  public static SignalStop install(Runnable stop) {
    return new SignalStop(stop);
  }

  @Override
  public void close() {
    previous.forEach(Signal::handle);
  }
}
