package dev.weft.api;

import dev.weft.context.IndexLocation;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.LongSupplier;
import org.apache.lucene.util.IOUtils;

/**
 * Opened indexes kept between calls of a long-lived process (the warm server, docs/cli.md): {@link #open} gives a
 * {@link Weft} that reads through the index this cache holds open for its directory — its served generation's
 * reader, searchers and in-process query models — instead of opening them anew, and whose {@code close()} gives
 * them back.
 *
 * <p>What a call sees is what a cold call would: every read refreshes on {@code CURRENT} (Lucene's
 * {@code ReferenceManager}), so a publish or a rollback by another process is seen by the next call; a directory
 * deleted (or deleted and made again) is noticed when the generation held is no longer kept there with the same
 * manifest, and the next call opens it afresh. Writers keep their locks exactly: index runs, rollbacks and the
 * ledger's store take and release them within the call, never in the cache. An index unused for {@code idle}, the
 * least recently used beyond {@code capacity}, and all of them on {@link #close()}, are closed once no call holds
 * them.
 */
public final class WeftCache implements AutoCloseable {
  /** How long an index no call reads stays open: its reader keeps pruned generations' files on disk meanwhile. */
  public static final Duration IDLE = Duration.ofSeconds(60);
  /** Indexes held at once; a server serves one directory, which rarely reads more than its own and one more. */
  public static final int CAPACITY = 4;

  private final Duration idle;
  private final int capacity;
  private final LongSupplier nanoClock;
  /** Access order: the first is the least recently used. */
  private final Map<IndexLocation, Entry> entries = new LinkedHashMap<>(8, 0.75f, true);
  private boolean closed;

  WeftCache(Duration idle, int capacity, LongSupplier nanoClock) {
    if (idle.isNegative() || idle.isZero()) {
      throw new IllegalArgumentException("idle must be longer than zero, got: " + idle);
    }
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be at least 1, got: " + capacity);
    }
    this.idle = idle;
    this.capacity = capacity;
    this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock");
  }

  /** A cache closing indexes unused for {@link #IDLE}, holding at most {@link #CAPACITY}. */
  public static WeftCache create() {
    return new WeftCache(IDLE, CAPACITY, System::nanoTime);
  }

  /**
   * A Weft over {@code index} (as {@link Weft#open}: need not exist yet) reading through the
   * index this cache holds for it; close it when the call ends.
   */
  public Weft open(IndexLocation index) {
    Objects.requireNonNull(index, "index");
    Entry entry = lease(index);
    // outside the cache's lock: it reads the directory
    if (!entry.reads.stillTheDirectorys()) {
      retire(entry);
      release(entry);
      entry = lease(index);
    }
    Entry lent = entry;
    boolean[] given = {false};
    return Weft.lent(index, entry.reads, () -> {
      if (!given[0]) {
        given[0] = true;
        release(lent);
      }
    });
  }

  /** Closes the indexes no call has read for {@code idle}; returns how many. */
  public int closeIdle() {
    List<Entry> idled = new ArrayList<>();
    synchronized (this) {
      long now = nanoClock.getAsLong();
      for (Iterator<Entry> it = entries.values().iterator(); it.hasNext(); ) {
        Entry entry = it.next();
        if (entry.leases == 0 && now - entry.lastUsedNanos >= idle.toNanos()) {
          it.remove();
          entry.retired = true;
          idled.add(entry);
        }
      }
    }
    closeAll(idled);
    return idled.size();
  }

  /** How many indexes are held open. */
  public synchronized int size() {
    return entries.size();
  }

  /** Closes every index now unused; one a call still reads closes when that call ends. */
  @Override
  public void close() {
    List<Entry> unused = new ArrayList<>();
    synchronized (this) {
      closed = true;
      for (Entry entry : entries.values()) {
        entry.retired = true;
        if (entry.leases == 0) {
          unused.add(entry);
        }
      }
      entries.clear();
    }
    closeAll(unused);
  }

  private Entry lease(IndexLocation index) {
    List<Entry> evicted = new ArrayList<>();
    Entry entry;
    synchronized (this) {
      if (closed) {
        throw new IllegalStateException("the index cache is closed (its server is stopping); rerun the call");
      }
      entry = entries.get(index);
      if (entry == null) {
        for (Iterator<Entry> it = entries.values().iterator(); entries.size() >= capacity && it.hasNext(); ) {
          Entry eldest = it.next();
          it.remove();
          eldest.retired = true;
          if (eldest.leases == 0) {
            evicted.add(eldest);
          }
        }
        entry = new Entry(new OpenIndex(index));
        entries.put(index, entry);
      }
      entry.leases++;
      entry.lastUsedNanos = nanoClock.getAsLong();
    }
    closeAll(evicted);
    return entry;
  }

  /** No later call gets {@code entry}; it closes when its last lease is given back. */
  private synchronized void retire(Entry entry) {
    entries.remove(entry.reads.location(), entry);
    entry.retired = true;
  }

  private void release(Entry entry) {
    boolean close;
    synchronized (this) {
      entry.leases--;
      entry.lastUsedNanos = nanoClock.getAsLong();
      close = entry.retired && entry.leases == 0;
    }
    if (close) {
      entry.reads.close();
    }
  }

  private static void closeAll(List<Entry> toClose) {
    try {
      // each is closed even when one before it fails: the first failure is thrown, later ones suppressed
      IOUtils.close(toClose.stream().<Closeable>map(entry -> entry.reads::close).toList());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close the held indexes", e); // OpenIndex.close throws none
    }
  }

  /** One held index: how many calls read it now, and when the last one started or ended. */
  private static final class Entry {
    final OpenIndex reads;
    int leases;
    long lastUsedNanos;
    boolean retired;

    Entry(OpenIndex reads) {
      this.reads = reads;
    }
  }
}
