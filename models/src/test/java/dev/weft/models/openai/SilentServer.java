package dev.weft.models.openai;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/**
 * A loopback port that accepts connections and never reads or answers, as a wedged server or a black-holing
 * proxy does; connections stay open until {@link #close()}.
 */
public final class SilentServer implements AutoCloseable {
  private final ServerSocket socket;
  private final List<Socket> accepted = new ArrayList<>();
  private final Thread acceptor;

  public SilentServer() throws IOException {
    socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    acceptor = new Thread(this::acceptAll, "silent-server");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + socket.getLocalPort();
  }

  private void acceptAll() {
    try {
      while (true) {
        Socket s = socket.accept();
        synchronized (accepted) {
          accepted.add(s);
        }
      }
    } catch (IOException e) {
      // closed: the test is over
    }
  }

  @Override
  public void close() throws IOException {
    socket.close();
    synchronized (accepted) {
      for (Socket s : accepted) {
        s.close();
      }
    }
  }
}
