package dev.weft.agents.program;

import java.io.Serializable;
import java.util.Objects;

/**
 * One piece a map step visits: its address (results are stored under it) and its text. The pieces of {@link
 * Plan#INPUT} are dataset records (address: the record id), index chunks ({@code path#n}) or the files of an
 * {@code --env} directory (the relative path).
 */
public record Piece(String address, String text) implements Serializable {
  public Piece {
    Objects.requireNonNull(address, "address");
    Objects.requireNonNull(text, "text");
  }
}
