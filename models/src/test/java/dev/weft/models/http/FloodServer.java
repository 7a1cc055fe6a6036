package dev.weft.models.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

/**
 * A loopback HTTP/1.1 server that answers one request 200 with a body of {@code total} bytes of {@code fill}
 * after a prefix, written as fast as the client takes it, and counts the bytes its writes got through before the
 * client closed the connection: a client that stops reading at a bound makes {@link #written()} end far below
 * {@code total}; one that reads everything makes it {@code total}.
 */
final class FloodServer implements AutoCloseable {
  private static final int CHUNK = 64 * 1024;

  private final ServerSocket socket;
  private final CompletableFuture<Long> written = new CompletableFuture<>();
  private final String contentType;
  private final byte[] prefix;
  private final long total;

  FloodServer(String contentType, String prefix, long total) throws IOException {
    this.contentType = contentType;
    this.prefix = prefix.getBytes(StandardCharsets.UTF_8);
    this.total = total;
    socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread thread = new Thread(this::serveOne, "flood-server");
    thread.setDaemon(true);
    thread.start();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + socket.getLocalPort();
  }

  /** The body bytes written before the client went away (or all of them); completes when the writing ended. */
  CompletableFuture<Long> written() {
    return written;
  }

  private void serveOne() {
    long sent = 0;
    try (Socket s = socket.accept()) {
      readRequest(s.getInputStream());
      OutputStream out = s.getOutputStream();
      out.write(("HTTP/1.1 200 OK\r\nContent-Type: " + contentType + "\r\nContent-Length: " + total
          + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      out.write(prefix);
      sent = prefix.length;
      byte[] chunk = new byte[CHUNK];
      Arrays.fill(chunk, (byte) 'x');
      while (sent < total) {
        int n = (int) Math.min(CHUNK, total - sent);
        out.write(chunk, 0, n);
        sent += n;
      }
      out.flush();
      written.complete(sent);
    } catch (IOException e) {
      written.complete(sent); // the client closed the connection: what got through until then
    }
  }

  /** The request's head and its Content-Length body, so the reply never races the request. */
  private static void readRequest(InputStream in) throws IOException {
    StringBuilder head = new StringBuilder();
    while (!head.toString().endsWith("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        return;
      }
      head.append((char) b);
    }
    long length = head.toString().lines().map(l -> l.toLowerCase(Locale.ROOT))
        .filter(l -> l.startsWith("content-length:")).mapToLong(l -> Long.parseLong(l.substring(15).strip()))
        .findFirst().orElse(0);
    in.readNBytes((int) length);
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
