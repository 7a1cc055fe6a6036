package dev.weft.agents.program;

/**
 * The compiler's error codes, and refinement's (AI04xx, the gates of {@code dev.weft.agents.refine}). They are stable: a client may branch on them, docs/programs.md lists every one (a
 * test holds the table to this enum), and a code is never renumbered or reused.
 */
public enum ErrorCode {
  /** The document is not JSON at all. */
  AI0001("not JSON"),
  /** The document breaks the program schema (type, required member, unknown member, const). */
  AI0101("schema violation"),
  /** A step's {@code op} is not one of the eight steps. */
  AI0102("unknown step"),
  /** More than 12 steps. */
  AI0103("too many steps"),
  /** A string member is longer than its cap. */
  AI0104("text too long"),
  /** A number is outside its bounds (size, maxSubcalls). */
  AI0105("number out of range"),
  /** A map step's output schema does not load as a JSON Schema. */
  AI0106("output schema invalid"),
  /** A map step's output schema is larger than its cap. */
  AI0107("output schema too large"),
  /** A map step's output schema has a {@code $ref} that does not resolve inside it, or that never ends. */
  AI0108("output schema ref unresolvable or endless"),
  /** A name read before anything wrote it: an earlier step reads what a later step writes. */
  AI0201("read before written"),
  /** A name that no step writes and no slot holds. */
  AI0202("missing slot"),
  /** Two steps write the same {@code as}. */
  AI0203("duplicate as"),
  /** A step writes the reserved name {@code input}, or the name of a slot the environment already holds. */
  AI0204("reserved name"),
  /** A step reads a value of the wrong kind (map from a JSON value, reduce from anything but a map). */
  AI0205("wrong kind"),
  /**
   * A program whose answer crosses a recursion boundary (a child level's) has a reduce that cannot be shown to keep
   * the {@code {slot, value}} envelopes, or an answer that reads no such reduce.
   */
  AI0208("recursive envelopes not preserved"),
  /** At run time a reduce's result contradicts its declared output schema, or a child level's answer the envelopes. */
  AI0209("reduce output contradicts its declaration"),
  /** A jq query does not compile; jackson-jq's message is kept. */
  AI0301("jq does not compile"),
  /** A grep pattern is not a Java regular expression. */
  AI0302("regex does not compile"),
  /** More than one map step. */
  AI0303("more than one map"),
  /** No answer step. */
  AI0304("no answer"),
  /** An answer step that is not the last step, or a second answer. */
  AI0305("answer not last"),
  /** Refinement, gate 2: a patch operation does not apply to the document (the patch engine's reason is kept). */
  AI0401("patch does not apply"),
  /** Refinement, gate 3: a resulting record breaks the store's rules (evidence, a blank member, a duplicate name). */
  AI0402("record not storable"),
  /** Refinement, gate 3: the patch edits what may only grow: the goal itself, earlier progress, a stored record. */
  AI0403("append-only state edited"),
  /** Refinement, gate 3: progress proposed while no goal is active. */
  AI0404("no active goal");

  private final String title;

  ErrorCode(String title) {
    this.title = title;
  }

  /** A few words for tables and summaries. */
  public String title() {
    return title;
  }
}
