package dev.weft.agents.recursive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.agents.loop.Budget;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.program.CancelSignal;
import dev.weft.context.store.InMemoryStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * What depth costs, on a scripted hierarchical fixture: 20 corpora of sections (blank-line separated) of paragraphs
 * (lines) of sentences; level 1 maps the sections, level 2 a section's paragraphs, level 3 a paragraph's sentences.
 * The same corpora and programs at depth 1, 2 and 3: calls and the token proxy (the stub's reported usage) per tree,
 * median and p95 (nearest rank). Printed for docs/benchmarks.md ("Recursion depth"); the call counts are asserted
 * exactly, since a tree must ask one call per unit of its deepest level and nothing else.
 */
class RecursionDepthCostTest {
  private static final int TASKS = 20;

  private static String level(String separator, String name) {
    return """
        {"name": "%s", "steps": [
          {"op": "chunk", "from": "corpus", "as": "parts", "strategy": "separator", "separator": "%s", "size": 100000},
          {"op": "map", "from": "parts", "as": "said", "instruction": "Which figures does this part report?"},
          {"op": "reduce", "from": "said", "as": "kept", "query": "map({slot: .address, value: .result})"},
          {"op": "answer", "from": "kept"}]}""".formatted(name, separator);
  }

  private static final IntFunction<String> PROGRAMS = depth -> switch (depth) {
    case 1 -> level("\\n\\n", "sections");
    case 2 -> level("\\n", "paragraphs");
    default -> level(". ", "sentences");
  };

  /** One corpus, and how many units each level has. */
  private record Task(String corpus, int sections, int paragraphs, int sentences) {}

  private static List<Task> fixture() {
    Random random = new Random(33);
    List<Task> tasks = new ArrayList<>();
    for (int t = 0; t < TASKS; t++) {
      int sections = 2 + random.nextInt(4);
      int paragraphs = 0;
      int sentences = 0;
      List<String> sectionTexts = new ArrayList<>();
      for (int s = 0; s < sections; s++) {
        List<String> lines = new ArrayList<>();
        for (int p = 0, n = 1 + random.nextInt(4); p < n; p++) {
          List<String> said = new ArrayList<>();
          for (int k = 0, m = 1 + random.nextInt(4); k < m; k++) {
            said.add("Region " + s + " unit " + p + " reported " + random.nextInt(1000) + " accepted revisions");
          }
          lines.add(String.join(". ", said) + ".");
          paragraphs++;
          sentences += said.size();
        }
        sectionTexts.add(String.join("\n", lines));
      }
      tasks.add(new Task(String.join("\n\n", sectionTexts), sections, paragraphs, sentences));
    }
    return tasks;
  }

  private static long nearestRank(List<Long> values, double q) {
    List<Long> sorted = values.stream().sorted().toList();
    return sorted.get((int) Math.ceil(q * sorted.size()) - 1);
  }

  @Test
  void callsAndTokensPerDepthMedianAndP95() throws Exception {
    List<Task> tasks = fixture();
    StringBuilder table = new StringBuilder(
        "| depth | calls median | calls p95 | levels run median | token proxy median | token proxy p95 |\n"
            + "|---|---|---|---|---|---|\n");
    for (int depth = 1; depth <= Depth.MAX; depth++) {
      List<Long> calls = new ArrayList<>();
      List<Long> tokens = new ArrayList<>();
      List<Long> levels = new ArrayList<>();
      for (Task task : tasks) {
        try (StubChatServer stub = new StubChatServer()) {
          stub.recording(false);
          SlotEnvironment env = new SlotEnvironment(new InMemoryStore());
          env.put("corpus", task.corpus());
          RecursionTree.Run run = Trees.tree(stub, Depth.resolve(depth), Budget.unbounded(), 4, PROGRAMS)
              .run(env, "Which figures do the regions report?", CancelSignal.none());

          int expected = switch (depth) {
            case 1 -> task.sections();
            case 2 -> task.paragraphs();
            default -> task.sentences();
          };
          assertThat(stub.calls()).as("depth %d, %s", depth, task).isEqualTo(expected);
          assertThat(run.spent().turns()).isEqualTo(expected);
          assertThat(run.children().failed()).isZero();
          calls.add((long) stub.calls());
          tokens.add(run.spent().totalTokens());
          levels.add(1L + run.children().ran());
        }
      }
      table.append(String.format(Locale.ROOT, "| %d | %d | %d | %d | %d | %d |%n", depth, nearestRank(calls, 0.5),
          nearestRank(calls, 0.95), nearestRank(levels, 0.5), nearestRank(tokens, 0.5), nearestRank(tokens, 0.95)));
    }
    System.out.print("Recursion depth cost over " + TASKS + " scripted corpora:\n" + table);
  }
}
