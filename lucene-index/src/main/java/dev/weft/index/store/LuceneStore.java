package dev.weft.index.store;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.error.StorageFailureException;
import dev.weft.context.store.Concurrency;
import dev.weft.context.store.Mutation;
import dev.weft.context.store.Outcome;
import dev.weft.context.store.RankQuery;
import dev.weft.context.store.RankResult;
import dev.weft.context.store.Scope;
import dev.weft.context.store.SearchResult;
import dev.weft.context.store.Store;
import dev.weft.context.store.StoreRules;
import dev.weft.context.store.TextQuery;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;
import org.apache.lucene.store.Directory;

/**
 * The durable {@link Store}: one Lucene index in a directory, one document per key ({@link StoreDocuments}).
 * Every write — {@link #set}, {@link #delete}, a {@link #mutate} that writes — is acknowledged only once the one
 * {@code IndexWriter.commit()} holding it is durable; concurrent writes of this process share commits ({@link
 * GroupCommit}), each still applied whole and in a serial order. Other processes wait for the directory's {@code
 * write.lock} up to {@link LuceneStoreOptions#lockWait()}, then get {@link
 * dev.weft.context.error.IndexBusyException} naming it. Reads answer from the last commit, this process's or
 * another's, and need no write access: on a store whose lock cannot be taken at all (read-only) they take none and
 * write nothing, while writes fail as {@link dev.weft.context.error.ReadOnlyStoreException} ({@link ReadOnlyReads}).
 * Offers all three capabilities; {@link Concurrency#ATOMIC}.
 */
public final class LuceneStore implements Store {
  private final Path dir;
  private final Directory directory;
  private final StoreWriter writer;
  private final GroupCommit commits;
  private volatile boolean closed;

  private LuceneStore(Path dir, Directory directory, StoreWriter writer, GroupCommit.Hooks hooks) {
    this.dir = dir;
    this.directory = directory;
    this.writer = writer;
    this.commits = new GroupCommit(writer, hooks);
  }

  /** Opens (creating when absent) the store in {@code dir} with the default options. */
  public static LuceneStore open(Path dir) {
    return open(dir, LuceneStoreOptions.defaults());
  }

  public static LuceneStore open(Path dir, LuceneStoreOptions options) {
    return open(dir, options, GroupCommit.Hooks.NONE);
  }

  /** As {@link #open(Path, LuceneStoreOptions)}, with test seams in the group commit. */
  static LuceneStore open(Path dir, LuceneStoreOptions options, GroupCommit.Hooks hooks) {
    return open(dir, options, hooks, directory -> new StoreWriter(dir, directory, options), UnaryOperator.identity());
  }

  /** As {@link #open(Path, LuceneStoreOptions)}, the directory seen through {@code around} (a test's counting). */
  static LuceneStore open(Path dir, LuceneStoreOptions options, UnaryOperator<Directory> around) {
    return open(dir, options, GroupCommit.Hooks.NONE, directory -> new StoreWriter(dir, directory, options),
        around);
  }

  /** As {@link #open(Path, LuceneStoreOptions)}, with the writer's idle release in a test's hand. */
  static LuceneStore open(Path dir, LuceneStoreOptions options, IdleScheduler scheduler,
      LongSupplier nanoClock) {
    return open(dir, options, GroupCommit.Hooks.NONE,
        directory -> new StoreWriter(dir, directory, options, scheduler, nanoClock), UnaryOperator.identity());
  }

  /** As {@link #open(Path, LuceneStoreOptions)}, with the fold's background build in a test's hand. */
  static LuceneStore open(Path dir, LuceneStoreOptions options, FoldAhead foldAhead) {
    return open(dir, options, GroupCommit.Hooks.NONE, directory -> new StoreWriter(dir, directory, options,
        IdleScheduler.daemon(), System::nanoTime, foldAhead), UnaryOperator.identity());
  }

  private static LuceneStore open(Path dir, LuceneStoreOptions options, GroupCommit.Hooks hooks,
      Function<StoreDirectory, StoreWriter> writers, UnaryOperator<Directory> around) {
    Objects.requireNonNull(dir, "dir");
    Objects.requireNonNull(options, "options");
    StoreDirectory directory;
    try {
      Files.createDirectories(dir);
      directory = StoreDirectory.open(dir, around);
    } catch (IOException e) {
      throw new StorageFailureException(dir, "cannot open the store directory " + dir + ": " + e
          + "; check that its parent exists and is writable", e);
    }
    try {
      return new LuceneStore(dir, directory.top(), writers.apply(directory), hooks);
    } catch (RuntimeException e) {
      closeQuietly(directory.top(), e);
      throw e;
    }
  }

  /** The directory holding the index. */
  public Path dir() {
    return dir;
  }

  @Override
  public Optional<JsonNode> get(String key) {
    StoreRules.checkKey(key);
    return read(view -> StoreReads.get(view, key), "read '" + key + "'");
  }

  @Override
  public void set(String key, JsonNode value) {
    StoreRules.checkKey(key);
    StoreRules.checkValue(key, value);
    JsonNode copy = value.deepCopy();
    write(new PendingMutate<Void>(Scope.keys(key), current -> Outcome.write(Map.of(key, copy), null)));
  }

  @Override
  public void delete(String key) {
    StoreRules.checkKey(key);
    write(new PendingMutate<Void>(Scope.keys(key), current -> Outcome.write(Map.of(), null)));
  }

  @Override
  public List<String> keys(String prefix) {
    Objects.requireNonNull(prefix, "prefix");
    return read(view -> StoreReads.keys(view, prefix), "list the keys under '" + prefix + "'");
  }

  @Override
  public Concurrency concurrency() {
    return Concurrency.ATOMIC;
  }

  @Override
  public Set<Capability> capabilities() {
    return EnumSet.allOf(Capability.class);
  }

  @Override
  public <R> R mutate(Scope scope, Mutation<R> mutation) {
    Objects.requireNonNull(scope, "scope");
    Objects.requireNonNull(mutation, "mutation");
    return write(new PendingMutate<>(scope, mutation));
  }

  @Override
  public RankResult rank(RankQuery query) {
    Objects.requireNonNull(query, "query");
    return ranked(query.prefix(), view -> StoreReads.rank(view, query), "rank under '" + query.prefix() + "'");
  }

  @Override
  public SearchResult search(TextQuery query) {
    Objects.requireNonNull(query, "query");
    return ranked(query.prefix(), view -> StoreReads.search(view, query),
        "search under '" + query.prefix() + "'");
  }

  /**
   * Commits this store made since it was opened (creating the index counts one): with mutates of several threads,
   * fewer than the writes, as they share commits.
   */
  public long commitCount() {
    return writer.commits();
  }

  /** Commits that folded logged writes into documents since this store was opened (docs/ledger.md). */
  public long foldCount() {
    return writer.folds();
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    commits.close();
    try {
      writer.close();
    } catch (IOException e) {
      throw new StorageFailureException(dir, "cannot close the store " + dir + ": " + e.getMessage()
          + "; every acknowledged write is durable — check the disk", e);
    } finally {
      closeQuietly(directory, null);
    }
  }

  @Override
  public String toString() {
    return "LuceneStore(" + dir + ")";
  }

  private <R> R write(PendingMutate<R> mutate) {
    open();
    if (StoreWriter.inMutation()) {
      throw new IllegalStateException("a mutation must not call the store it runs in (" + dir + "): return what "
          + "to write as its outcome instead");
    }
    return commits.submit(mutate);
  }

  private <T> T read(StoreSearchers.SearcherRead<T> how, String what) {
    open();
    try {
      return writer.searchers().read(how);
    } catch (IOException e) {
      throw new StorageFailureException(dir, "cannot " + what + " in the store " + dir + ": " + e.getMessage()
          + "; check the disk, then retry", e);
    }
  }

  /**
   * A read that ranks documents: answered from the last commit when its log holds no write under {@code prefix},
   * else after folding the log into documents ({@link StoreWriter#foldedRead}).
   */
  private <T> T ranked(String prefix, StoreSearchers.SearcherRead<T> how, String what) {
    Optional<T> quick = read(view -> view.log().touches(prefix) ? Optional.empty() : Optional.of(how.read(view)),
        what);
    if (quick.isPresent()) {
      return quick.get();
    }
    if (StoreWriter.inMutation()) {
      throw new IllegalStateException("a mutation must not " + what + " in the store it runs in (" + dir
          + ") while writes under that prefix are unfolded: rank before the mutate instead");
    }
    try {
      return writer.foldedRead(how);
    } catch (IOException e) {
      throw new StorageFailureException(dir, "cannot " + what + " in the store " + dir + ": " + e.getMessage()
          + "; check the disk, then retry", e);
    }
  }

  private void open() {
    if (closed) {
      throw new IllegalStateException("the store " + dir + " is closed; open it again with LuceneStore.open");
    }
  }

  private static void closeQuietly(Directory directory, RuntimeException pending) {
    try {
      directory.close();
    } catch (IOException e) {
      if (pending != null) {
        pending.addSuppressed(e);
      }
    }
  }
}
