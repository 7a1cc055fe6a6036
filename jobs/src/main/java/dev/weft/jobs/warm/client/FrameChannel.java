package dev.weft.jobs.warm.client;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/**
 * The client's end of a connection: every wait (connect, write, the next frame) has a deadline, so a server that
 * accepts and then says nothing can never hang a call. Non-blocking with a selector because a Unix-domain channel
 * has no socket timeout.
 */
final class FrameChannel implements AutoCloseable {
  /** A frame larger than this is not one the server sends. */
  private static final int MAX_FRAME = 1 << 20;

  record Frame(byte type, byte[] payload) {
    int exitCode() {
      return ByteBuffer.wrap(payload).getInt();
    }
  }

  /** The wait ran out. */
  static final class Timeout extends IOException {
    Timeout(String what) {
      super(what);
    }
  }

  private final SocketChannel channel;
  private final Selector selector;
  private final ByteBuffer header = ByteBuffer.allocate(5);

  private FrameChannel(SocketChannel channel, Selector selector) {
    this.channel = channel;
    this.selector = selector;
  }

  /** Connects within {@code timeoutNanos}; a refused or missing socket throws at once. */
  static FrameChannel connect(Path socket, long timeoutNanos) throws IOException {
    SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
    Selector selector = null;
    try {
      channel.configureBlocking(false);
      selector = Selector.open();
      FrameChannel frames = new FrameChannel(channel, selector);
      if (!channel.connect(UnixDomainSocketAddress.of(socket))) {
        frames.await(SelectionKey.OP_CONNECT, System.nanoTime() + timeoutNanos, "connecting");
        channel.finishConnect();
      }
      return frames;
    } catch (IOException | RuntimeException e) {
      channel.close();
      if (selector != null) {
        selector.close();
      }
      throw e;
    }
  }

  void write(byte[] bytes, long deadlineNanos) throws IOException {
    ByteBuffer buffer = ByteBuffer.wrap(bytes);
    while (buffer.hasRemaining()) {
      if (channel.write(buffer) == 0) {
        await(SelectionKey.OP_WRITE, deadlineNanos, "sending the request");
      }
    }
  }

  /** The next frame, or {@code null} at the end of the stream; {@link Timeout} after {@code deadlineNanos}. */
  Frame next(long deadlineNanos) throws IOException {
    header.clear();
    if (!fill(header, deadlineNanos, true)) {
      return null;
    }
    header.flip();
    byte type = header.get();
    int length = header.getInt();
    if (length < 0 || length > MAX_FRAME) {
      throw new IOException("not a weft server: frame of " + length + " bytes");
    }
    ByteBuffer payload = ByteBuffer.allocate(length);
    if (!fill(payload, deadlineNanos, false)) {
      throw new IOException("the warm server closed the connection inside a frame");
    }
    return new Frame(type, payload.array());
  }

  private boolean fill(ByteBuffer buffer, long deadlineNanos, boolean endAllowed) throws IOException {
    while (buffer.hasRemaining()) {
      int read = channel.read(buffer);
      if (read < 0) {
        if (endAllowed && buffer.position() == 0) {
          return false;
        }
        throw new IOException("the warm server closed the connection inside a frame");
      }
      if (read == 0) {
        await(SelectionKey.OP_READ, deadlineNanos, "waiting for the server");
      }
    }
    return true;
  }

  private void await(int op, long deadlineNanos, String what) throws IOException {
    SelectionKey key = channel.register(selector, op);
    try {
      while (true) {
        long left = deadlineNanos - System.nanoTime();
        if (left <= 0) {
          throw new Timeout(what);
        }
        if (selector.select(Math.max(1, left / 1_000_000)) > 0) {
          selector.selectedKeys().clear();
          return;
        }
      }
    } finally {
      key.interestOps(0);
    }
  }

  @Override
  public void close() throws IOException {
    try {
      selector.close();
    } finally {
      channel.close();
    }
  }
}
