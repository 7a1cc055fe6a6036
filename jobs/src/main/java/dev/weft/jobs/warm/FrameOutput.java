package dev.weft.jobs.warm;

import dev.weft.jobs.warm.client.Wire;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * The server's end of one connection: stdout and stderr bytes become frames in the order they are written, from
 * any thread (a command's own threads may print). A client that went away makes writes fail; the command runs to
 * its end regardless (see docs/cli.md: a warm command is not interrupted, so an index run publishes whole or not
 * at all).
 */
final class FrameOutput {
  private static final int MAX_PAYLOAD = 64 * 1024;

  private final SocketChannel channel;
  private volatile boolean broken;

  FrameOutput(SocketChannel channel) {
    this.channel = channel;
  }

  /** The stream a {@code PrintWriter} for stdout ({@link Wire#OUT}) or stderr ({@link Wire#ERR}) writes into. */
  OutputStream stream(byte type) {
    return new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void write(byte[] bytes, int offset, int length) throws IOException {
        for (int at = offset; at < offset + length; at += MAX_PAYLOAD) {
          send(Wire.frame(type, bytes, at, Math.min(MAX_PAYLOAD, offset + length - at)));
        }
      }
    };
  }

  void send(ByteBuffer frame) throws IOException {
    if (broken) {
      throw new IOException("the client went away");
    }
    synchronized (this) {
      try {
        while (frame.hasRemaining()) {
          channel.write(frame);
        }
      } catch (IOException e) {
        broken = true;
        throw e;
      }
    }
  }

  /** A frame whose loss only means the client is gone (a heartbeat, the exit code). */
  void sendQuietly(ByteBuffer frame) {
    try {
      send(frame);
    } catch (IOException e) {
      broken = true; // the client went away; nothing is left to tell it
    }
  }
}
