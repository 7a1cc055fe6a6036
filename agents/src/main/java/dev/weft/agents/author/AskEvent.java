package dev.weft.agents.author;

import dev.weft.agents.program.CompileError;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One thing an ask did, in order: a program authored, refused by the compiler (with its errors), repaired, run.
 *
 * @param kind what happened
 * @param fingerprint the program's fingerprint when it compiled, else ""
 * @param errors the compiler's errors of a {@link Kind#REFUSED} program (at most {@link #MAX_ERRORS}), else empty
 * @param detail one line: what was authored, which errors, what the run did
 */
public record AskEvent(Kind kind, String fingerprint, List<CompileError> errors, String detail) {
  /** Errors an event keeps (and a repair round shows the model). */
  public static final int MAX_ERRORS = 8;

  /** What happened. */
  public enum Kind {
    /** The model answered a program (the first attempt). */
    AUTHORED,
    /** The compiler refused a program; the errors go back to the model once. */
    REFUSED,
    /** The model answered the repair round with a program that compiles. */
    REPAIRED,
    /** A model failed for good and the router's next model was asked (a turn of its own). */
    FELL_BACK,
    /** The program ran. */
    RAN,
    /** A stored program (a candidate for reuse) does not compile against this source's slots: not reused. */
    REUSE_REFUSED,
    /** A stored program for a paraphrase of the question that the host did not accept: not reused. */
    REUSE_DECLINED,
    /** A stored program was run instead of authoring one (the same question, or a paraphrase the host accepted). */
    REUSED,
    /** The host's check refused a reused program's answer: failure evidence recorded, a program authored afresh. */
    REUSE_FAILED,
    /** The host's check passed a freshly authored program: recorded as a skill for later reuse. */
    RECORDED,
    /** The host's check refused a freshly authored program's answer: not recorded. */
    CHECK_FAILED;

    /** {@code authored}, {@code refused}, ...: the name in JSON. */
    public String wire() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public AskEvent {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(fingerprint, "fingerprint");
    errors = List.copyOf(errors.subList(0, Math.min(errors.size(), MAX_ERRORS)));
    Objects.requireNonNull(detail, "detail");
  }
}
