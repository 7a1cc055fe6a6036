package dev.weft.jobs.cli;

import dev.weft.api.Generations;
import dev.weft.api.Weft;
import dev.weft.context.IndexLocation;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.context.graph.GraphNode;
import dev.weft.context.graph.NodeChunk;
import dev.weft.context.impact.Impact;
import dev.weft.jobs.view.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code weft hook pre-edit}: Claude Code's PreToolUse hook for Edit, MultiEdit and Write. It finds the symbols whose
 * indexed chunks the edit's lines fall in ({@link EditedLines}, the code graph's node of the file) and prints their
 * {@code weft impact} as the hook's {@code additionalContext}, so the model sees who depends on what it is about to
 * change. It never blocks the edit: past its deadline it prints nothing, and every failure is a non-blocking exit.
 */
@Command(name = "pre-edit", description = "Claude Code PreToolUse hook (Edit, MultiEdit, Write): reads the hook's "
    + "JSON on stdin and prints the impact of the symbols the edit touches (weft impact) as additionalContext. "
    + "Never blocks the edit: prints nothing past --deadline; exits 0, or 1 with one line on stderr (docs/cli.md, "
    + "\"weft hook\").")
final class HookPreEditCommand extends HookCommand.Base {
  /** A file larger than this is not read to place the edit: the hook answers nothing rather than wait on it. */
  static final long MAX_FILE_BYTES = 8L << 20;
  /** What a symbol must look like for {@code weft impact} (a name or Type.name); other chunk labels are skipped. */
  private static final Pattern SYMBOL = Pattern.compile("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*");

  @Option(names = "--max-symbols", paramLabel = "N", defaultValue = "5",
      description = "Report at most N touched symbols, in file order (default: ${DEFAULT-VALUE}).")
  int maxSymbols;

  @Option(names = "--text", description = "Print the impact rows as text instead of Claude Code's hook JSON.")
  boolean text;

  @Override
  String event() {
    return "PreToolUse";
  }

  @Override
  void check() {
    if (maxSymbols < 1) {
      throw new IllegalArgumentException("--max-symbols must be at least 1, got: " + maxSymbols);
    }
  }

  @Override
  Optional<String> answer(HookPayload payload) throws IOException {
    String file = payload.input("file_path");
    if (!EditedLines.TOOLS.contains(payload.toolName()) || file == null || !Path.of(file).isAbsolute()) {
      return Optional.empty(); // not an edit of a named file: nothing to advise on
    }
    Path edited = Path.of(file).normalize();
    Path parent = edited.getParent() == null ? edited : edited.getParent();
    IndexLocation location = IndexLocation.forRead(indexOption.index, parent);
    if (!location.exists()) {
      return Optional.empty();
    }
    try (Weft weft = Wefts.open(location)) {
      Optional<Path> root = servedTree(weft.generations());
      if (root.isEmpty() || !edited.startsWith(root.get())) {
        return Optional.empty(); // outside the indexed tree: no path leaves the root the user indexed
      }
      String relative = root.get().relativize(edited).toString().replace('\\', '/');
      Optional<String> before = read(edited);
      if (before.isEmpty()) {
        return Optional.empty();
      }
      List<EditedLines.Range> ranges = EditedLines.of(payload.toolName(), payload.toolInput(), before.get());
      Set<String> symbols = touched(weft, relative, ranges);
      StringWriter rows = new StringWriter();
      PrintWriter out = new PrintWriter(rows);
      int reported = 0;
      for (String symbol : symbols) {
        Optional<Impact> impact = weft.impact(symbol);
        if (impact.isPresent() && reported < maxSymbols) {
          ImpactCommand.print(impact.get(), out);
          reported++;
        }
      }
      out.flush();
      if (reported == 0) {
        return Optional.empty();
      }
      String context = "weft impact of the symbols this edit of " + relative + " touches (who depends on them):\n"
          + rows;
      if (text) {
        return Optional.of(context);
      }
      return Optional.of(Json.write(Json.object().set("hookSpecificOutput", Json.object()
          .put("hookEventName", event()).put("additionalContext", context))));
    }
  }

  /** The symbols of the file's indexed chunks that the ranges overlap, in file order. */
  private static Set<String> touched(Weft weft, String relative, List<EditedLines.Range> ranges) {
    Set<String> symbols = new LinkedHashSet<>();
    if (ranges.isEmpty()) {
      return symbols;
    }
    GraphNode node;
    try {
      node = weft.graph().node(relative);
    } catch (WeftException e) {
      if (e.status() == ExitStatus.NOTHING_FOUND) {
        return symbols; // a file the index does not hold (new, or not a format it indexes): no symbol to name
      }
      throw e;
    }
    for (NodeChunk chunk : node.chunks()) {
      if (chunk.symbol() != null && SYMBOL.matcher(chunk.symbol()).matches()
          && ranges.stream().anyMatch(r -> r.overlaps(chunk.startLine(), chunk.endLine()))) {
        symbols.add(chunk.symbol());
      }
    }
    return symbols;
  }

  /** The directory tree the served generation was indexed from, when it was a tree. */
  private static Optional<Path> servedTree(Generations generations) {
    for (GenerationManifest manifest : generations.kept()) {
      if (manifest.generation() == generations.served()) {
        if (manifest.source() != null) {
          return manifest.source().isDataset() ? Optional.empty()
              : Optional.of(Path.of(manifest.source().location()).normalize());
        }
        return Optional.ofNullable(manifest.corpusRoot()).map(root -> Path.of(root).normalize());
      }
    }
    return Optional.empty();
  }

  /**
   * The file as it is before the edit; empty when it does not exist yet (a Write creating it: no symbol of it is
   * indexed), is no regular file, or is too large to read within a hook's budget. Bytes that are not UTF-8 are
   * replaced, as the chunker's lines count them the same way.
   */
  private static Optional<String> read(Path file) throws IOException {
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) > MAX_FILE_BYTES) {
      return Optional.empty();
    }
    return Optional.of(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
  }
}
