package dev.weft.agents.recursive;

import dev.weft.agents.loop.Budget;
import dev.weft.agents.model.ChatSubcall;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.program.RunOptions;
import dev.weft.models.http.EndpointConfig;
import java.time.Duration;
import java.util.function.IntFunction;

/** The scripted trees the recursion tests run: fixed programs per level, leaves asked of the stub chat server. */
final class Trees {
  /** The root: one piece per line of {@code corpus}, each asked of the level below; envelopes kept. */
  static final String LINES = """
      {"name": "lines", "steps": [
        {"op": "chunk", "from": "corpus", "as": "lines", "strategy": "line", "size": 1},
        {"op": "map", "from": "lines", "as": "found", "instruction": "What does this line say?"},
        {"op": "reduce", "from": "found", "as": "kept", "query": "map({slot: .address, value: .result})"},
        {"op": "answer", "from": "kept"}]}""";

  /** A child: one piece per word of its {@code corpus}. */
  static final String WORDS = """
      {"name": "words", "steps": [
        {"op": "chunk", "from": "corpus", "as": "words", "strategy": "separator", "separator": " ", "size": 1000},
        {"op": "map", "from": "words", "as": "said", "instruction": "Repeat the word."},
        {"op": "reduce", "from": "said", "as": "kept", "query": "map({slot: .address, value: .result})"},
        {"op": "answer", "from": "kept"}]}""";

  private Trees() {}

  static EndpointConfig stub(StubChatServer stub) {
    return EndpointConfig.of(stub.baseUrl(), "stub").withMaxRetries(0).withTimeout(Duration.ofSeconds(30));
  }

  /** LINES at the root, WORDS below it. */
  static IntFunction<String> linesThenWords() {
    return depth -> depth == 1 ? LINES : WORDS;
  }

  static RecursionTree tree(StubChatServer stub, Depth depth, Budget budget, int k, IntFunction<String> programs) {
    return new RecursionTree(depth, TreeBudget.of(budget, k), new ChatSubcall(stub(stub)),
        RecursionTree.DEFAULT_MAX_ANSWER_CHARS, ProgramLevel.of(programs, RunOptions.defaults().withMaxConcurrent(k)));
  }
}
