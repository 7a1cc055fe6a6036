package dev.weft.agents.author;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What the authoring model is told about the source a question is asked of, bounded whatever the source's size: its
 * kind, how many pieces {@code input} holds, the first few pieces' addresses with an excerpt each, the slots a
 * program may read by name, and the runner's constraints on a program's shape.
 *
 * @param kind {@code dataset}, {@code index}, {@code env} (a directory's files) or {@code environment} (a level's
 *     slots)
 * @param pieces how many pieces {@code input} holds
 * @param samples the first pieces (at most {@link #MAX_SAMPLES}), each excerpt at most {@link #EXCERPT_CHARS}
 * @param slots the slot names a step may read (at most {@link #MAX_SLOTS})
 * @param notes what the runner needs of a program (one line each), empty when it runs any program
 */
public record SourceSketch(String kind, long pieces, List<Sample> samples, List<String> slots, List<String> notes) {
  /** Pieces shown to the model. */
  public static final int MAX_SAMPLES = 5;
  /** Characters of each shown piece. */
  public static final int EXCERPT_CHARS = 240;
  /** Slot names shown. */
  public static final int MAX_SLOTS = 12;

  /** One piece as shown: its address and the start of its text. */
  public record Sample(String address, String excerpt) {
    public Sample {
      Objects.requireNonNull(address, "address");
      excerpt = cut(excerpt, EXCERPT_CHARS);
    }
  }

  public SourceSketch {
    Objects.requireNonNull(kind, "kind");
    if (pieces < 0) {
      throw new IllegalArgumentException("pieces must be at least 0, got: " + pieces);
    }
    samples = List.copyOf(samples.subList(0, Math.min(samples.size(), MAX_SAMPLES)));
    slots = List.copyOf(slots.subList(0, Math.min(slots.size(), MAX_SLOTS)));
    notes = List.copyOf(notes);
  }

  /** This sketch with one more constraint on the program's shape. */
  public SourceSketch withNote(String note) {
    List<String> more = new ArrayList<>(notes);
    more.add(note);
    return new SourceSketch(kind, pieces, samples, slots, more);
  }

  /** The sketch as the authoring prompt carries it. */
  public String prompt() {
    StringBuilder text = new StringBuilder("The source: ").append(kind).append(", ").append(pieces)
        .append(pieces == 1 ? " piece" : " pieces").append(" in `input`.");
    if (!samples.isEmpty()) {
      text.append("\nThe first pieces (address: start of text):");
      for (Sample sample : samples) {
        text.append("\n- ").append(sample.address()).append(": ")
            .append(sample.excerpt().replace('\n', ' '));
      }
    }
    if (!slots.isEmpty()) {
      text.append("\nSlots a step may read by name: ").append(String.join(", ", slots)).append('.');
    }
    for (String note : notes) {
      text.append("\n").append(note);
    }
    return text.toString();
  }

  /** {@code text}'s first {@code chars} characters, never splitting a surrogate pair, with "…" when cut. */
  static String cut(String text, int chars) {
    Objects.requireNonNull(text, "text");
    if (text.length() <= chars) {
      return text;
    }
    int end = Character.isHighSurrogate(text.charAt(chars - 1)) ? chars - 1 : chars;
    return text.substring(0, end) + "…";
  }

  /**
   * Builds a sketch from a stream of pieces, keeping the first {@link #MAX_SAMPLES} and counting the rest, so a
   * source of any size is described in constant memory.
   */
  public static final class Builder {
    private final String kind;
    private final List<Sample> samples = new ArrayList<>();
    private long pieces;

    public Builder(String kind) {
      this.kind = Objects.requireNonNull(kind, "kind");
    }

    public Builder add(String address, String text) {
      pieces++;
      if (samples.size() < MAX_SAMPLES) {
        samples.add(new Sample(address, text));
      }
      return this;
    }

    public SourceSketch build(List<String> slots) {
      return new SourceSketch(kind, pieces, samples, slots, List.of());
    }
  }
}
