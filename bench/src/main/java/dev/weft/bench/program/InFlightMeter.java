package dev.weft.bench.program;

/**
 * Calls in flight over time, as a model server sees them: the most at once, and the integral of in-flight over
 * the window from the first call's start to the last call's end, so {@code integral / window} is the mean number
 * in flight while the map ran. One JVM-wide instance ({@link #GLOBAL}) for the runners that call deserialized copies
 * of the sub-call in this JVM (Direct and Flink [local] both); a session cluster's run meters at the stub chat
 * server with an instance of its own.
 */
public final class InFlightMeter {
  static final InFlightMeter GLOBAL = new InFlightMeter();

  private int inFlight;
  private int max;
  private long calls;
  private long firstStart = -1;
  private long lastChange;
  private long lastEnd;
  private double integralNanos;

  /**
   * A snapshot: calls, the most in flight, the mean in flight over the map's window, and the window's ends
   * ({@link System#nanoTime}).
   */
  public record Reading(long calls, int maxInFlight, double meanInFlight, double windowSeconds, long firstStart,
      long lastEnd) {}

  synchronized void reset() {
    inFlight = 0;
    max = 0;
    calls = 0;
    firstStart = -1;
    lastChange = 0;
    lastEnd = 0;
    integralNanos = 0;
  }

  synchronized void enter() {
    long now = System.nanoTime();
    if (firstStart < 0) {
      firstStart = now;
      lastChange = now;
    }
    advance(now);
    inFlight++;
    calls++;
    max = Math.max(max, inFlight);
  }

  synchronized void exit() {
    long now = System.nanoTime();
    advance(now);
    inFlight--;
    lastEnd = now;
  }

  synchronized int inFlight() {
    return inFlight;
  }

  synchronized Reading read() {
    double window = firstStart < 0 ? 0 : (lastEnd - firstStart);
    return new Reading(calls, max, window == 0 ? 0 : integralNanos / window, window / 1e9, firstStart, lastEnd);
  }

  private void advance(long now) {
    integralNanos += (double) inFlight * (now - lastChange);
    lastChange = now;
  }
}
