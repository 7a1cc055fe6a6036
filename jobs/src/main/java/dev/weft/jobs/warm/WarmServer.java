package dev.weft.jobs.warm;

import dev.weft.jobs.cli.WriteCommands;
import dev.weft.jobs.warm.client.RunDir;
import dev.weft.jobs.warm.client.ServerKey;
import dev.weft.jobs.warm.client.WarmPolicy;
import dev.weft.jobs.warm.client.Wire;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * A warm {@code weft}: one JVM per {@link ServerKey} (jar build, working directory, environment) that runs the CLI's
 * commands for clients on a Unix-domain socket, a thread per connection up to a bound (a client beyond it is
 * declined and runs cold). It holds the key's lock while it lives, so a socket whose lock is free is stale. It stops
 * itself when idle, when its jar is rebuilt or deleted, and when its socket file is removed.
 */
public final class WarmServer implements AutoCloseable {
  /** Runs one accepted request with the connection's stdout and stderr; returns the exit code. */
  @FunctionalInterface
  interface Runner {
    int run(Wire.Request request, PrintWriter out, PrintWriter err);

    /** Empty when {@code argv} only reads; else the line its client prints when the outcome is unknown. */
    default Optional<String> unknownOutcome(List<String> argv) {
      return WriteCommands.unknownOutcome(argv);
    }
  }

  static final Duration REQUEST_DEADLINE = Duration.ofSeconds(5);
  static final Duration HEARTBEAT = Duration.ofSeconds(2);
  static final Duration CHECK_EVERY = Duration.ofSeconds(2);

  private final ServerKey key;
  private final String id;
  private final Path socket;
  private final Duration idle;
  private final Runner runner;
  private final Duration heartbeatEvery;
  private final LongSupplier nanoClock;
  private final FileChannel lockChannel;
  private final FileLock lock;
  private final ServerSocketChannel server;
  private final ThreadPoolExecutor pool;
  private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(daemon("weft-serve-timer"));
  private final AtomicInteger active = new AtomicInteger();
  private final CountDownLatch stopped = new CountDownLatch(1);
  private volatile long lastActivityNanos;
  private volatile String stopReason;

  private WarmServer(ServerKey key, RunDir runDir, Duration idle, int maxClients, Runner runner,
      Duration heartbeatEvery, LongSupplier nanoClock, FileChannel lockChannel, FileLock lock) throws IOException {
    this.key = key;
    this.id = key.id();
    this.socket = runDir.socket(id);
    this.idle = idle;
    this.runner = runner;
    this.heartbeatEvery = heartbeatEvery;
    this.nanoClock = nanoClock;
    this.lockChannel = lockChannel;
    this.lock = lock;
    this.lastActivityNanos = nanoClock.getAsLong();
    // we hold the lock: a socket file left here is a dead server's
    Files.deleteIfExists(socket);
    this.server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    server.bind(UnixDomainSocketAddress.of(socket));
    this.pool = new ThreadPoolExecutor(0, maxClients, 60, TimeUnit.SECONDS, new SynchronousQueue<>(),
        daemon("weft-serve-client"));
  }

  /**
   * Starts the server of {@code key}, or returns empty when another holds its lock (one is already running).
   * {@code checks} schedules the idle, jar and socket checks; tests leave it off and call {@link #checkOnce()}.
   */
  static Optional<WarmServer> start(ServerKey key, RunDir runDir, Duration idle, int maxClients, Runner runner,
      LongSupplier nanoClock, boolean checks) throws IOException {
    return start(key, runDir, idle, maxClients, runner, HEARTBEAT, nanoClock, checks);
  }

  /**
   * As above, with heartbeats every {@code heartbeatEvery}: a test gives a period longer than it runs to stand for
   * a stopped server ({@code kill -STOP}), which sends none.
   */
  static Optional<WarmServer> start(ServerKey key, RunDir runDir, Duration idle, int maxClients, Runner runner,
      Duration heartbeatEvery, LongSupplier nanoClock, boolean checks) throws IOException {
    runDir.create();
    FileChannel lockChannel = FileChannel.open(runDir.lock(key.id()), StandardOpenOption.CREATE,
        StandardOpenOption.WRITE);
    FileLock lock;
    try {
      lock = lockChannel.tryLock();
    } catch (OverlappingFileLockException e) {
      lock = null;
    }
    if (lock == null) {
      lockChannel.close();
      return Optional.empty();
    }
    WarmServer warm = new WarmServer(key, runDir, idle, maxClients, runner, heartbeatEvery, nanoClock, lockChannel,
        lock);
    Thread acceptor = new Thread(warm::acceptLoop, "weft-serve-accept");
    acceptor.setDaemon(true);
    acceptor.start();
    if (checks) {
      warm.timers.scheduleWithFixedDelay(warm::checkOnce, CHECK_EVERY.toMillis(), CHECK_EVERY.toMillis(),
          TimeUnit.MILLISECONDS);
    }
    return Optional.of(warm);
  }

  Path socket() {
    return socket;
  }

  /** Stops the server when its jar changed, its socket file is gone, or it has been idle too long. */
  boolean checkOnce() {
    String reason = null;
    if (!key.jarUnchanged()) {
      reason = "its jar " + key.jar() + " was rebuilt or removed";
    } else if (!Files.exists(socket)) {
      reason = "its socket " + socket + " was removed";
    } else if (active.get() == 0 && nanoClock.getAsLong() - lastActivityNanos >= idle.toNanos()) {
      reason = "idle for " + idle.toMinutes() + " min";
    }
    if (reason != null) {
      stop(reason);
      return true;
    }
    return false;
  }

  /** Waits until the server stops; returns why. */
  String awaitStop() throws InterruptedException {
    stopped.await();
    return stopReason;
  }

  /**
   * Waits up to {@code limit} for the commands still running when the server stopped: an {@code index} a client
   * asked for finishes and publishes (or fails whole) rather than dying with the JVM.
   */
  boolean drain(Duration limit) throws InterruptedException {
    return pool.awaitTermination(limit.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void acceptLoop() {
    while (server.isOpen()) {
      SocketChannel client;
      try {
        client = server.accept();
      } catch (ClosedChannelException e) {
        return; // stopped
      } catch (IOException e) {
        stop("accepting failed: " + e);
        return;
      }
      lastActivityNanos = nanoClock.getAsLong();
      try {
        pool.execute(() -> serve(client));
      } catch (RejectedExecutionException e) {
        new FrameOutput(client).sendQuietly(Wire.declinedFrame(
            "busy: " + pool.getMaximumPoolSize() + " commands are running"));
        closeQuietly(client);
      }
    }
  }

  private void serve(SocketChannel client) {
    active.incrementAndGet();
    boolean[] counted = {true};
    try (client) {
      FrameOutput frames = new FrameOutput(client);
      InputStream in = Channels.newInputStream(client);
      Wire.Request request = withDeadline(client, () -> Wire.Request.read(in));
      Optional<String> declined = declined(request);
      if (declined.isPresent()) {
        frames.sendQuietly(Wire.declinedFrame(declined.get()));
        return;
      }
      Optional<String> unknown = runner.unknownOutcome(request.argv());
      byte[] line = unknown.orElse("").getBytes(StandardCharsets.UTF_8);
      frames.send(Wire.frame(Wire.ACCEPTED, line, 0, line.length));
      if (unknown.isPresent() && !withDeadline(client, () -> goAhead(in))) {
        return; // the client gave up before letting the write run, and runs it cold: it must not run here too
      }
      ScheduledFuture<?> heartbeat = timers.scheduleAtFixedRate(
          () -> frames.sendQuietly(Wire.frame(Wire.HEARTBEAT, new byte[0], 0, 0)),
          heartbeatEvery.toMillis(), heartbeatEvery.toMillis(), TimeUnit.MILLISECONDS);
      int exit;
      try {
        PrintWriter out = new PrintWriter(frames.stream(Wire.OUT), true);
        PrintWriter err = new PrintWriter(frames.stream(Wire.ERR), true);
        exit = runner.run(request, out, err);
        out.flush();
        err.flush();
      } finally {
        heartbeat.cancel(false);
      }
      // idle from now on, before the client hears the end: a check right after a call sees it finished
      finished(counted);
      frames.sendQuietly(Wire.exitFrame(exit));
    } catch (IOException e) {
      // the client went away or sent garbage: nothing ran, nobody is left to answer
    } finally {
      finished(counted);
    }
  }

  /** A read from the client that may not hold this thread past {@link #REQUEST_DEADLINE}: its deadline closes it. */
  private <T> T withDeadline(SocketChannel client, IoCall<T> read) throws IOException {
    ScheduledFuture<?> deadline = timers.schedule(() -> closeQuietly(client), REQUEST_DEADLINE.toMillis(),
        TimeUnit.MILLISECONDS);
    try {
      return read.call();
    } finally {
      deadline.cancel(false);
    }
  }

  @FunctionalInterface
  private interface IoCall<T> {
    T call() throws IOException;
  }

  /** Whether the client's next frame is its go-ahead; the end of the stream (it gave up) is not. */
  private static boolean goAhead(InputStream in) throws IOException {
    DataInputStream frame = new DataInputStream(in);
    int type = frame.read();
    return type == Wire.GO && frame.readInt() == 0;
  }

  private void finished(boolean[] counted) {
    if (counted[0]) {
      counted[0] = false;
      lastActivityNanos = nanoClock.getAsLong();
      active.decrementAndGet();
    }
  }

  private Optional<String> declined(Wire.Request request) {
    if (!request.key().equals(id)) {
      return Optional.of("this server's key is " + id + ", the request's " + request.key());
    }
    if (!request.cwd().equals(key.cwd())) {
      return Optional.of("this server runs in " + key.cwd() + ", the request in " + request.cwd());
    }
    return WarmPolicy.coldReason(request.argv());
  }

  private void stop(String reason) {
    synchronized (this) {
      if (stopReason != null) {
        return;
      }
      stopReason = reason;
    }
    closeQuietly(server);
    try {
      Files.deleteIfExists(socket);
    } catch (IOException e) {
      // the next client finds the lock free and removes it
    }
    try {
      lock.release();
      lockChannel.close();
    } catch (IOException e) {
      // the OS releases the lock when the process exits
    }
    pool.shutdown();
    timers.shutdownNow();
    stopped.countDown();
  }

  @Override
  public void close() {
    stop("closed");
  }

  private static void closeQuietly(Closeable closeable) {
    try {
      closeable.close();
    } catch (IOException e) {
      // closing is best effort: the channel is unusable either way
    }
  }

  private static ThreadFactory daemon(String name) {
    AtomicInteger n = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, name + "-" + n.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
