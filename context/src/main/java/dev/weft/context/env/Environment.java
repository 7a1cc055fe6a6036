package dev.weft.context.env;

import dev.weft.context.jq.JqBounds;
import dev.weft.context.program.CancelSignal;
import java.util.List;

/**
 * Named slots a program works over, kept in ledger storage (a {@link dev.weft.context.store.Store}) with each
 * slot's content apart from its metadata. Every operation answers a bounded summary, never bulk content: caps are
 * validated finite integers, and the answers of {@link #digest}, {@link #peek}, {@link #chunk} and {@link #grep}
 * stay inside one constant size band whatever the slot size (a test sweeps 10 kB to 10 MB). Errors name the
 * slot and the rule: "no slot named 'notes'; digest() lists the slots", "size must be between 1 and 1000000, got: 0".
 *
 * <p>Names: a slot name is a non-blank string without {@code #}; derived pieces are addressed {@code
 * parent#strategy:size/index} (chunks) and {@code parent#turn/N} (transcript turns) and read like slots.
 */
public interface Environment {

  /** Stores {@code text} under {@code name}, replacing what was there (and the pieces derived from it). */
  SlotStat put(String name, String text);

  /** At most 12 slots (most recently written first) and how many it did not list. */
  Digest digest();

  /**
   * {@link #digest()} of the slots whose names start with {@code scope} ({@code ""}: all), names as stored: what a
   * view under a prefix lists (a recursion child's environment).
   */
  Digest digest(String scope);

  /** The start of a slot or piece (bounded), with its size. */
  Peek peek(String name);

  /**
   * Splits a slot into pieces stored as {@code name#strategy:size/index}; re-chunking into fewer pieces removes
   * the stale ones. Answers the count and the first few addresses, not the pieces.
   */
  Chunked chunk(String name, ChunkSpec spec);

  /** Where a Java regex matches across slots (or those whose names start with {@code options.scope()}); capped. */
  GrepResult grep(String pattern, GrepOptions options);

  /**
   * Runs a jq query over a slot holding JSON and writes the result to a new slot; the same (slot content, query)
   * answers the same address without running again.
   *
   * @return the new slot's address
   */
  String select(String name, String jq);

  /**
   * {@link #select(String, String)} with the query evaluated under {@code bounds} and stopped by {@code cancel}
   * (a program's select follows the run's deadline and cancel).
   */
  String select(String name, String jq, JqBounds bounds, CancelSignal cancel);

  /**
   * Size and shape of a slot (with how many pieces it has) or a piece, or summed over a family's pieces: {@code
   * name#} (every piece), {@code name#line:40} (one chunking), {@code name#turn} (the turns).
   */
  SlotStat stat(String nameOrFamily);

  /** Exactly {@code chars} characters from {@code offset} (fewer only at the end of the slot). */
  String read(String name, int chars, int offset);

  /**
   * The addresses of a family's pieces in order (what a {@code map} step iterates): {@code name} or {@code name#}
   * (chunks by index, then turns), {@code name#line:40}, {@code name#turn}. The runner's, not an agent's, API.
   */
  List<String> pieces(String family);

  /** Appends one turn to a transcript slot and answers its address {@code name#turn/N}. */
  String appendTurn(String transcript, String role, String text);
}
