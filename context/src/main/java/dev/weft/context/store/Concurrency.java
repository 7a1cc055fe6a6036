package dev.weft.context.store;

import java.util.Locale;

/** How a store serialises writers; printed lower-case with a hyphen ({@code atomic}, {@code single-writer}). */
public enum Concurrency {
  /** Every mutate is atomic and isolated, even against writers in other threads and processes. */
  ATOMIC,
  /** Correct only with one writer at a time; the caller serialises. */
  SINGLE_WRITER;

  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
