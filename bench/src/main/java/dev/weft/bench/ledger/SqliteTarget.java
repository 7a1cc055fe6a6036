package dev.weft.bench.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The SQLite baseline of {@link MutateLoad}: a key/value table in WAL mode with {@code synchronous=FULL} (every
 * commit fsyncs the log), a connection per writer thread, each step one {@code BEGIN IMMEDIATE} transaction that
 * reads the counter and writes it and the record.
 */
final class SqliteTarget implements MutateLoad.Target {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int BUSY_TIMEOUT_MS = 60_000;

  private final String url;
  private final ThreadLocal<Connection> connections;
  private final List<Connection> opened = new ArrayList<>();

  SqliteTarget(Path file) throws SQLException {
    this.url = "jdbc:sqlite:" + file;
    try (Connection setup = DriverManager.getConnection(url); Statement statement = setup.createStatement()) {
      statement.execute("PRAGMA journal_mode=WAL");
      statement.execute("CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
    }
    this.connections = ThreadLocal.withInitial(this::connect);
  }

  private Connection connect() {
    try {
      Connection connection = DriverManager.getConnection(url);
      try (Statement statement = connection.createStatement()) {
        statement.execute("PRAGMA synchronous=FULL");
        statement.execute("PRAGMA busy_timeout=" + BUSY_TIMEOUT_MS);
      }
      connection.setAutoCommit(true);
      synchronized (opened) {
        opened.add(connection);
      }
      return connection;
    } catch (SQLException e) {
      throw new IllegalStateException("cannot open " + url + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void step(int thread, long n) throws Exception {
    Connection connection = connections.get();
    String counter = MutateLoad.counterKey(thread);
    try (Statement begin = connection.createStatement()) {
      begin.execute("BEGIN IMMEDIATE");
    }
    try {
      long was = 0;
      try (PreparedStatement read = connection.prepareStatement("SELECT value FROM kv WHERE key = ?")) {
        read.setString(1, counter);
        try (ResultSet row = read.executeQuery()) {
          if (row.next()) {
            JsonNode value = JSON.readTree(row.getString(1));
            was = value.get("n").asLong();
          }
        }
      }
      try (PreparedStatement write = connection.prepareStatement(
          "INSERT OR REPLACE INTO kv (key, value) VALUES (?, ?)")) {
        write.setString(1, counter);
        write.setString(2, JSON.writeValueAsString(JSON.createObjectNode().put("n", was + 1)));
        write.addBatch();
        write.setString(1, MutateLoad.recordKey(thread, n));
        write.setString(2, JSON.writeValueAsString(MutateLoad.record(thread, n)));
        write.addBatch();
        write.executeBatch();
      }
      try (Statement commit = connection.createStatement()) {
        commit.execute("COMMIT");
      }
    } catch (Exception e) {
      try (Statement rollback = connection.createStatement()) {
        rollback.execute("ROLLBACK");
      } catch (SQLException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  @Override
  public void close() throws SQLException {
    SQLException first = null;
    synchronized (opened) {
      for (Connection connection : opened) {
        try {
          connection.close();
        } catch (SQLException e) {
          if (first == null) {
            first = e;
          } else {
            first.addSuppressed(e);
          }
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }
}
