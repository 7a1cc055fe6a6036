package dev.weft.agents.recursive;

import dev.weft.agents.loop.Spend;
import dev.weft.agents.loop.StopReason;
import dev.weft.context.env.Environment;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.Subcall;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * One long-horizon tree: its {@link Depth}, its one {@link TreeBudget}, the plain model sub-call its deepest level
 * asks, and the {@link Level} every level runs. A level's program asks {@link #subcallAt} for its map's sub-call:
 * below the depth cap a piece is worth a whole child level ({@link RecursiveSubcall}), at the cap one model call,
 * charged to the budget. Recursion runs in process ({@link Depth#checkRunner}).
 */
public final class RecursionTree {
  /** Characters of a child's answer its parent reads at most; a longer answer is the piece's error. */
  public static final int DEFAULT_MAX_ANSWER_CHARS = 200_000;

  /** What the tree did: its root level, how deep it ran, what it spent and why it stopped, its children. */
  public record Run(LevelResult root, Depth depth, Spend spent, Optional<StopReason> stopReason, Children children) {}

  /**
   * The children of a run.
   *
   * @param ran children whose level ran
   * @param reused children a finished earlier run answered (no model call)
   * @param failed children whose failure became their piece's error value
   */
  public record Children(int ran, int reused, int failed) {}

  private final Depth depth;
  private final TreeBudget budget;
  private final Subcall leaf;
  private final int maxAnswerChars;
  private final Level level;
  private final AtomicInteger ran = new AtomicInteger();
  private final AtomicInteger reused = new AtomicInteger();
  private final AtomicInteger failed = new AtomicInteger();

  /**
   * @param leaf the plain model sub-call (e.g. {@link dev.weft.agents.model.ChatSubcall}); the tree charges it
   * @param maxAnswerChars at least 1 ({@link #DEFAULT_MAX_ANSWER_CHARS})
   * @param level makes the tree's level, given the tree (a level asks it for sub-calls and charges its own
   *     authoring calls to {@link #budget})
   */
  public RecursionTree(Depth depth, TreeBudget budget, Subcall leaf, int maxAnswerChars,
      Function<RecursionTree, Level> level) {
    this.depth = Objects.requireNonNull(depth, "depth");
    this.budget = Objects.requireNonNull(budget, "budget");
    this.leaf = Objects.requireNonNull(leaf, "leaf");
    if (maxAnswerChars < 1) {
      throw new IllegalArgumentException("maxAnswerChars must be at least 1, got: " + maxAnswerChars);
    }
    this.maxAnswerChars = maxAnswerChars;
    this.level = Objects.requireNonNull(level.apply(this), "the level factory answered null");
  }

  public Depth depth() {
    return depth;
  }

  public TreeBudget budget() {
    return budget;
  }

  public int maxAnswerChars() {
    return maxAnswerChars;
  }

  /**
   * The sub-call a map at {@code level} (the root is 1) over {@code env} asks: a child level per piece below the
   * cap, else the leaf, charged to the budget.
   */
  public Subcall subcallAt(int levelDepth, Environment env) {
    if (levelDepth < 1 || levelDepth > depth.max()) {
      throw new IllegalArgumentException("level must be between 1 and the tree's depth " + depth.max() + ", got: "
          + levelDepth);
    }
    return depth.recursesAt(levelDepth) ? new RecursiveSubcall(this, levelDepth, env) : budget.charging(leaf);
  }

  /** Whether a program at {@code levelDepth} must answer {@link dev.weft.agents.program.Envelopes}: a child's. */
  public static boolean answersEnvelopes(int levelDepth) {
    return levelDepth > 1;
  }

  /** Runs the root level over {@code env} and reports what the tree did. */
  public Run run(Environment env, String question, CancelSignal cancel) {
    LevelResult root = level.run(1, env, question, cancel);
    return new Run(root, depth, budget.spent(), budget.stopReason(), children());
  }

  /**
   * The children so far: for a host that runs the root level itself (the facade's ask, whose root reads a dataset or
   * an index through its own runner) rather than through {@link #run}.
   */
  public Children children() {
    return new Children(ran.get(), reused.get(), failed.get());
  }

  Level level() {
    return level;
  }

  void childRan(boolean ok) {
    ran.incrementAndGet();
    if (!ok) {
      failed.incrementAndGet();
    }
  }

  void childReused() {
    reused.incrementAndGet();
  }

  void childRefused() {
    failed.incrementAndGet();
  }
}
