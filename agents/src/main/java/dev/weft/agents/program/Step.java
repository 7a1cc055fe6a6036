package dev.weft.agents.program;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.context.env.ChunkSpec;
import java.io.Serializable;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One compiled step. Every step has its position in the document ({@link #index}, for pointers and reports) and
 * the name it reads ({@link #from}); every step but {@link Answer} writes {@link #as}. Records so that the Beam
 * runner can ship a plan to workers (all members serializable).
 */
public sealed interface Step extends Serializable {
  int index();

  String from();

  /** The name written; the answer step writes none ({@code ""}). */
  String as();

  /** The document's {@code op}. */
  String op();

  /**
   * Splits a slot, or each piece of a collection, into pieces {@code parent#strategy:size/index}.
   *
   * @param separator the separator ({@code ""} unless the strategy is {@code SEPARATOR}; a String, not an
   *     Optional, so the step serializes)
   */
  record Chunk(int index, String from, String as, ChunkSpec.Strategy strategy, int size, String separator)
      implements Step {
    /** As the environment's chunk operation takes it. */
    public ChunkSpec spec() {
      return new ChunkSpec(strategy, size, separator.isEmpty() ? Optional.empty() : Optional.of(separator));
    }

    @Override
    public String op() {
      return "chunk";
    }
  }

  /** Keeps the pieces in which {@code pattern} (a Java regex) matches, in order. */
  record Grep(int index, String from, String as, String pattern, boolean ignoreCase) implements Step {
    @Override
    public String op() {
      return "grep";
    }
  }

  /** A jq query over JSON (a slot or an earlier value). */
  record Select(int index, String from, String as, String query) implements Step {
    @Override
    public String op() {
      return "select";
    }
  }

  /** Size and shape of a slot, collection or value. */
  record Stat(int index, String from, String as) implements Step {
    @Override
    public String op() {
      return "stat";
    }
  }

  /** The bounded start of a slot, collection or value. */
  record Peek(int index, String from, String as) implements Step {
    @Override
    public String op() {
      return "peek";
    }
  }

  /**
   * The fan-out: {@code instruction} asked of every piece of {@code from} (the first {@code maxSubcalls} in
   * {@link AddressOrder}), one {@link dev.weft.context.program.Subcall} per piece.
   *
   * @param outputSchema the reply's JSON Schema as canonical JSON text, {@code ""} for a free-text reply (text, not
   *     a JsonNode or an Optional, so the step serializes)
   * @param maxSubcalls at most this many sub-calls, {@code 0} for no cap (see {@link #cap})
   */
  record Map(int index, String from, String as, String instruction, String outputSchema, int maxSubcalls)
      implements Step {
    /** The output schema, parsed. */
    public Optional<JsonNode> outputSchemaNode() {
      return outputSchema.isEmpty() ? Optional.empty() : Optional.of(CanonicalJson.parse(outputSchema));
    }

    /** The cap on sub-calls, if any. */
    public OptionalInt cap() {
      return maxSubcalls == 0 ? OptionalInt.empty() : OptionalInt.of(maxSubcalls);
    }

    @Override
    public String op() {
      return "map";
    }
  }

  /**
   * A jq query over the map results array (address order).
   *
   * @param outputSchema the JSON Schema the result must satisfy (checked at run time, {@link ErrorCode#AI0209}) as
   *     canonical JSON text, {@code ""} when the reduce declares none
   */
  record Reduce(int index, String from, String as, String query, String outputSchema) implements Step {
    /** A reduce that declares no output schema. */
    public Reduce(int index, String from, String as, String query) {
      this(index, from, as, query, "");
    }

    /** The declared output schema, parsed. */
    public Optional<JsonNode> outputSchemaNode() {
      return outputSchema.isEmpty() ? Optional.empty() : Optional.of(CanonicalJson.parse(outputSchema));
    }

    @Override
    public String op() {
      return "reduce";
    }
  }

  /** The program's answer: the value of {@code from}. */
  record Answer(int index, String from) implements Step {
    @Override
    public String as() {
      return "";
    }

    @Override
    public String op() {
      return "answer";
    }
  }
}
