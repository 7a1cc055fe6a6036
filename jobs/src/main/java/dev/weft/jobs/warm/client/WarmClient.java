package dev.weft.jobs.warm.client;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code weft} launcher's client: sends a call to the warm server of its key and relays the server's stdout,
 * stderr and exit code, or exits {@link #COLD} so that the launcher runs the call in its own JVM. JDK classes only,
 * in a jar of its own, so that its JVM starts in tens of milliseconds. A missing or dead server is started for
 * the next call (this one runs cold); a server that does not accept within its deadline is passed over.
 */
public final class WarmClient {
  /** The exit code that tells the launcher to run the call cold; Weft itself exits 0-5 or 70. */
  public static final int COLD = 111;

  static final long CONNECT_NANOS = 100_000_000L;
  static final long ACCEPT_NANOS = 1_000_000_000L;
  static final long HEARTBEAT_NANOS = 30_000_000_000L;

  private final RunDir runDir;
  private final ServerStarter starter;
  private final OutputStream out;
  private final OutputStream err;
  private final long acceptNanos;
  private final long heartbeatNanos;

  public WarmClient(RunDir runDir, ServerStarter starter, OutputStream out, OutputStream err) {
    this(runDir, starter, out, err, ACCEPT_NANOS, HEARTBEAT_NANOS);
  }

  /** With other deadlines (nanoseconds) for the server's first answer and between its frames (tests). */
  public WarmClient(RunDir runDir, ServerStarter starter, OutputStream out, OutputStream err, long acceptNanos,
      long heartbeatNanos) {
    this.runDir = runDir;
    this.starter = starter;
    this.out = out;
    this.err = err;
    this.acceptNanos = acceptNanos;
    this.heartbeatNanos = heartbeatNanos;
  }

  public static void main(String[] args) {
    Map<String, String> env = System.getenv();
    String jar = System.getProperty("weft.jar");
    List<String> argv = List.of(args);
    boolean verbose = argv.contains("--verbose");
    int code;
    try {
      ServerKey key = ServerKey.of(Path.of(jar), System.getProperty("java.home"),
          Path.of(System.getProperty("user.dir")), env);
      WarmClient client = new WarmClient(RunDir.of(env), ServerStarter.detached(env),
          new FileOutputStream(FileDescriptor.out), new FileOutputStream(FileDescriptor.err));
      code = client.run(key, argv, System.console() != null, verbose);
    } catch (RunDir.NotOwned e) {
      PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true);
      err.println("weft: " + e.getMessage());
      code = 2;
    } catch (IOException | RuntimeException e) {
      note(new PrintStream(new FileOutputStream(FileDescriptor.err), true), verbose, "no warm server: " + e);
      code = COLD;
    }
    System.exit(code);
  }

  /** Runs {@code argv} on the warm server of {@code key}: its exit code, or {@link #COLD}. */
  public int run(ServerKey key, List<String> argv, boolean console, boolean verbose) throws IOException {
    Optional<String> cold = WarmPolicy.coldReason(argv);
    if (cold.isPresent()) {
      return cold(verbose, cold.get());
    }
    // a socket in a directory another user owns may be theirs: refused before connecting (RunDir.NotOwned)
    runDir.checkOwned(RunDir.caller());
    String id = key.id();
    Path socket = runDir.socket(id);
    FrameChannel channel;
    try {
      channel = FrameChannel.connect(socket, CONNECT_NANOS);
    } catch (FrameChannel.Timeout e) {
      return cold(verbose, "the warm server at " + socket + " did not accept within 100 ms");
    } catch (IOException e) {
      return replace(key, socket, verbose);
    }
    try (channel) {
      return exchange(channel, new Wire.Request(id, key.cwd(), console, argv), verbose);
    }
  }

  /**
   * Sends the request; false when the server closed the connection first — a busy server declines and closes
   * without reading it, and its answer is then still waiting in the socket.
   */
  private boolean send(FrameChannel channel, Wire.Request request) throws IOException {
    try {
      channel.write(request.encode(), System.nanoTime() + acceptNanos);
      return true;
    } catch (FrameChannel.Timeout e) {
      throw e;
    } catch (IOException e) {
      return false;
    }
  }

  private int exchange(FrameChannel channel, Wire.Request request, boolean verbose) throws IOException {
    String unknown; // empty for a call that only reads; else the line to print when its outcome is unknown
    try {
      boolean sent = send(channel, request);
      FrameChannel.Frame first = channel.next(System.nanoTime() + acceptNanos);
      if (!sent && (first == null || first.type() != Wire.DECLINED)) {
        return cold(verbose, "the warm server closed the connection before reading the command");
      }
      if (first == null) {
        return cold(verbose, "the warm server closed the connection without answering");
      }
      if (first.type() == Wire.DECLINED) {
        return cold(verbose, "the warm server declined: " + new String(first.payload(), StandardCharsets.UTF_8));
      }
      if (first.type() != Wire.ACCEPTED) {
        return cold(verbose, "the warm server answered frame type " + first.type() + " before accepting");
      }
      unknown = new String(first.payload(), StandardCharsets.UTF_8);
    } catch (FrameChannel.Timeout e) {
      return cold(verbose, "the warm server did not answer within " + acceptNanos / 1_000_000 + " ms ("
          + e.getMessage() + ")");
    }
    if (!unknown.isEmpty()) {
      // a call that may write runs only on our go-ahead: until the server has it whole, running cold is safe
      try {
        channel.write(Wire.goFrame().array(), System.nanoTime() + acceptNanos);
      } catch (IOException e) {
        return cold(verbose, "the warm server did not take the go-ahead for a write (" + e.getMessage() + ")");
      }
    }
    boolean relayed = false;
    boolean outBroken = false;
    boolean errBroken = false;
    while (true) {
      FrameChannel.Frame frame;
      try {
        frame = channel.next(System.nanoTime() + heartbeatNanos);
      } catch (IOException e) {
        frame = null;
      }
      if (frame == null) {
        if (!unknown.isEmpty()) {
          // the server has the write and may yet apply it: running it cold too could apply it twice
          err.write((unknown + "\n").getBytes(StandardCharsets.UTF_8));
          err.flush();
          return 5;
        }
        if (!relayed) {
          return cold(verbose, "the warm server stopped before the command printed anything");
        }
        err.write(("weft: the warm server stopped before the command finished; rerun it (WEFT_NO_SERVER=1 runs "
            + "it in its own process)\n").getBytes(StandardCharsets.UTF_8));
        err.flush();
        return 5;
      }
      switch (frame.type()) {
        case Wire.OUT -> {
          outBroken = relay(out, frame.payload(), outBroken);
          relayed = true;
        }
        case Wire.ERR -> {
          errBroken = relay(err, frame.payload(), errBroken);
          relayed = true;
        }
        case Wire.EXIT -> {
          return frame.exitCode();
        }
        default -> { } // a heartbeat: the command is still running
      }
    }
  }

  /**
   * Writes relayed output; true once the stream is broken. A reader that went away ({@code weft recall ... | head
   * -1}) is not the call's failure: the cold CLI's PrintWriter drops such output and exits with the command's code,
   * and so does this — it must not end the call as "no warm answer", which would run the command a second time.
   */
  private static boolean relay(OutputStream stream, byte[] bytes, boolean broken) {
    if (broken) {
      return true;
    }
    try {
      stream.write(bytes);
      stream.flush();
      return false;
    } catch (IOException e) {
      return true;
    }
  }

  /**
   * No server answers at {@code socket}: when none holds the key's lock the socket is stale (a server killed with
   * -9 leaves it), so it is removed and a fresh server started for the next call; this call runs cold either way.
   */
  private int replace(ServerKey key, Path socket, boolean verbose) throws IOException {
    runDir.create();
    String id = key.id();
    if (serverAlive(runDir.lock(id))) {
      return cold(verbose, "the warm server for this directory is starting");
    }
    Files.deleteIfExists(socket);
    starter.start(key, runDir);
    return cold(verbose, "no warm server answered at " + socket + "; started one for the next call");
  }

  /** A live server holds its lock for as long as it runs; the OS releases it when the process dies. */
  static boolean serverAlive(Path lock) throws IOException {
    try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      FileLock held = channel.tryLock();
      if (held == null) {
        return true;
      }
      held.release();
      return false;
    } catch (OverlappingFileLockException e) {
      return true; // a server in this very JVM (tests) holds it
    }
  }

  private int cold(boolean verbose, String why) {
    note(new PrintStream(err, true, StandardCharsets.UTF_8), verbose, why);
    return COLD;
  }

  private static void note(PrintStream err, boolean verbose, String why) {
    if (verbose) {
      err.println("weft: running cold: " + why);
      err.flush();
    }
  }
}
