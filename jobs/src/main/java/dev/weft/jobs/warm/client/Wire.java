package dev.weft.jobs.warm.client;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The warm server's protocol, one request then frames. The request: magic, the server key the client computed,
 * the client's working directory, whether the client has a terminal, and argv. Every frame after it: a type byte,
 * a length, the payload. {@code ACCEPTED} comes first (the client's read deadline applies until it arrives), then
 * stdout and stderr bytes in the order they were written, heartbeats while a command runs, and one {@code EXIT}.
 * An {@code ACCEPTED} with a payload names a call that may write: the payload is the line the client prints if the
 * outcome becomes unknown, and the server runs the call only once the client answers {@code GO}. A client that gave
 * up before sending it runs the call cold, and the server, reading the end of the stream instead, never runs it.
 */
public final class Wire {
  static final int MAGIC = 0x57465431; // "WFT1"
  public static final byte ACCEPTED = 0;
  public static final byte OUT = 1;
  public static final byte ERR = 2;
  public static final byte EXIT = 3;
  public static final byte DECLINED = 4;
  public static final byte HEARTBEAT = 5;
  /** The client's go-ahead for a call that may write; from then on it never runs that call cold. */
  public static final byte GO = 6;
  /** A request larger than this is refused: argv and a path, never megabytes. */
  static final int MAX_REQUEST_BYTES = 1 << 20;

  private Wire() {}

  /** What a client asks: run {@code argv} as if in {@code cwd}, for a server of {@code key}. */
  public record Request(String key, String cwd, boolean console, List<String> argv) {
    public Request {
      argv = List.copyOf(argv);
    }

    public byte[] encode() {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (DataOutputStream out = new DataOutputStream(bytes)) {
        out.writeInt(MAGIC);
        string(out, key);
        string(out, cwd);
        out.writeBoolean(console);
        out.writeInt(argv.size());
        for (String arg : argv) {
          string(out, arg);
        }
      } catch (IOException e) {
        throw new IllegalStateException("writing to memory cannot fail", e);
      }
      byte[] body = bytes.toByteArray();
      return ByteBuffer.allocate(4 + body.length).putInt(body.length).put(body).array();
    }

    /** Reads one request; a stream that is not one is refused by name. */
    public static Request read(InputStream stream) throws IOException {
      DataInputStream in = new DataInputStream(stream);
      int length = in.readInt();
      if (length < 0 || length > MAX_REQUEST_BYTES) {
        throw new IOException("not a weft request: length " + length);
      }
      DataInputStream body = new DataInputStream(new ByteArrayInputStream(in.readNBytes(length)));
      if (body.readInt() != MAGIC) {
        throw new IOException("not a weft request: bad magic");
      }
      String key = string(body);
      String cwd = string(body);
      boolean console = body.readBoolean();
      int argc = body.readInt();
      if (argc < 0 || argc > length) {
        throw new IOException("not a weft request: " + argc + " arguments");
      }
      List<String> argv = new ArrayList<>(argc);
      for (int i = 0; i < argc; i++) {
        argv.add(string(body));
      }
      return new Request(key, cwd, console, argv);
    }
  }

  /** One frame's bytes: type, length, payload. */
  public static ByteBuffer frame(byte type, byte[] payload, int offset, int length) {
    ByteBuffer frame = ByteBuffer.allocate(5 + length);
    frame.put(type).putInt(length).put(payload, offset, length).flip();
    return frame;
  }

  public static ByteBuffer exitFrame(int code) {
    return frame(EXIT, ByteBuffer.allocate(4).putInt(code).array(), 0, 4);
  }

  public static ByteBuffer goFrame() {
    return frame(GO, new byte[0], 0, 0);
  }

  public static ByteBuffer declinedFrame(String reason) {
    byte[] bytes = reason.getBytes(StandardCharsets.UTF_8);
    return frame(DECLINED, bytes, 0, bytes.length);
  }

  private static void string(DataOutputStream out, String value) throws IOException {
    byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
    out.writeInt(bytes.length);
    out.write(bytes);
  }

  private static String string(DataInputStream in) throws IOException {
    int length = in.readInt();
    if (length < 0 || length > MAX_REQUEST_BYTES) {
      throw new IOException("not a weft request: string of " + length + " bytes");
    }
    return new String(in.readNBytes(length), StandardCharsets.UTF_8);
  }
}
