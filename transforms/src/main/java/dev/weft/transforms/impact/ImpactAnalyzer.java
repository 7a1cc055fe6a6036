package dev.weft.transforms.impact;

import dev.weft.context.Chunk;
import dev.weft.context.impact.Caller;
import dev.weft.context.impact.Definition;
import dev.weft.context.impact.Impact;
import dev.weft.context.impact.Risk;
import dev.weft.context.impact.SymbolChunks;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * impact(symbol): every definition, the callers (chunks whose code names the symbol as a word, confirmed by the
 * language's parser where there is one), the callees, a decision-point complexity, the risk, and a hedge for every
 * verdict that could be wrong. Computed on demand from the chunks a {@link SymbolChunks} hands out; reads no file.
 *
 * <p>A caller is a chunk, not an occurrence: a method calling the symbol five times is one dependant. The
 * definitions themselves are not callers (a recursive call stays inside the definition).
 */
public final class ImpactAnalyzer {
  /** A symbol is an identifier, optionally qualified by its type ({@code Type.name}). */
  private static final Pattern SYMBOL = Pattern.compile("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*");
  /**
   * Callers parsed at most: past it the risk is high whatever the parser says (refCount counts mentions), and a
   * name as common as {@code get} would otherwise cost thousands of parses. The rest are counted as mentions, said
   * in a hedge.
   */
  static final int MAX_PARSED_CALLERS = 500;
  private static final Comparator<Caller> BY_PLACE = Comparator.comparing(Caller::path).thenComparingInt(Caller::line);

  private final SymbolChunks chunks;
  private final int maxParsedCallers;

  public ImpactAnalyzer(SymbolChunks chunks) {
    this(chunks, MAX_PARSED_CALLERS);
  }

  /** With another parse cap, so a test can reach it with a few callers. */
  ImpactAnalyzer(SymbolChunks chunks, int maxParsedCallers) {
    this.chunks = Objects.requireNonNull(chunks, "chunks");
    this.maxParsedCallers = maxParsedCallers;
  }

  /**
   * The impact of changing {@code symbol}, or empty when the index defines no such symbol.
   *
   * @param symbol a name ({@code parse}) or a type-qualified name ({@code Parser.parse})
   * @throws IllegalArgumentException when {@code symbol} is not an identifier
   */
  public Optional<Impact> impact(String symbol) {
    Objects.requireNonNull(symbol, "symbol");
    if (!SYMBOL.matcher(symbol).matches()) {
      throw new IllegalArgumentException("symbol must be an identifier such as parse or Parser.parse, got: '"
          + symbol + "'");
    }
    int dot = symbol.lastIndexOf('.');
    String name = symbol.substring(dot + 1);
    String owner = dot < 0 ? null : symbol.substring(symbol.lastIndexOf('.', dot - 1) + 1, dot);
    List<Chunk> named = chunks.defining(name);
    List<Chunk> defs = owned(named, owner);
    if (defs.isEmpty()) {
      return Optional.empty();
    }
    List<String> hedges = new ArrayList<>();
    if (defs.size() < named.size()) {
      hedges.add("callers are found by name: the " + (named.size() - defs.size()) + " other definitions of " + name
          + " outside " + owner + " are not told apart, so their callers are counted too");
    }
    Set<String> defIds = new HashSet<>();
    int complexity = 0;
    boolean exported = false;
    Set<String> called = new TreeSet<>();
    List<String> unreadDefs = new ArrayList<>();
    for (Chunk def : defs) {
      defIds.add(def.id());
      CodeReading reading = read(def);
      if (!reading.parsed()) {
        unreadDefs.add(def.path() + ":" + (def.startLine() + 1));
      } else {
        complexity = Math.max(complexity, reading.decisions() + 1);
      }
      exported |= reading.exported();
      reading.uses().stream().filter(use -> use.use() == NameUse.Use.CALL).map(NameUse::name)
          .filter(callee -> !callee.equals(name)).forEach(called::add);
    }
    if (!unreadDefs.isEmpty()) {
      hedges.add(unreadDefs.size() == 1
          ? "the definition at " + unreadDefs.get(0) + " could not be parsed: its complexity and callees are not known"
          : unreadDefs.size() + " definitions could not be parsed (first: " + unreadDefs.get(0) + "): their complexity"
              + " and callees are not known");
    }
    List<String> callees = called.stream().filter(this::defined).toList();

    Map<String, Caller> callers = new LinkedHashMap<>();
    Map<String, String> aliases = new LinkedHashMap<>();
    int unparsed = collect(name, defIds, callers, aliases);
    for (Map.Entry<String, String> alias : aliases.entrySet()) {
      int before = callers.size();
      unparsed += collect(alias.getKey(), defIds, callers, new LinkedHashMap<>());
      hedges.add("re-exported as " + alias.getKey() + " by " + alias.getValue() + ": the " + (callers.size() - before)
          + " chunks naming " + alias.getKey() + " are counted as callers");
    }
    if (unparsed > 0) {
      hedges.add(unparsed + " callers were not parsed (past the first " + maxParsedCallers + "): counted as"
          + " mentions; confirmed is a lower bound, and re-exports among them are not followed");
    }
    List<Caller> sorted = callers.values().stream().sorted(BY_PLACE).toList();
    int confirmed = (int) sorted.stream().filter(Caller::confirmed).count();
    int mentions = sorted.size();
    int refCount = Math.max(confirmed, mentions);
    hedge(hedges, defs, exported, confirmed, mentions, refCount);
    List<Definition> definitions = defs.stream()
        .map(def -> new Definition(def.path(), def.startLine() + 1, def.endLine() + 1)).toList();
    return Optional.of(new Impact(symbol, definitions, refCount, confirmed, mentions, Risk.of(refCount), complexity,
        sorted, callees, hedges));
  }

  /** The definitions of {@code Type.name}: those in a file that defines {@code Type} above them. */
  private List<Chunk> owned(List<Chunk> defs, String owner) {
    if (owner == null || defs.isEmpty()) {
      return defs;
    }
    List<Chunk> types = chunks.defining(owner);
    return defs.stream().filter(def -> types.stream()
        .anyMatch(type -> type.path().equals(def.path()) && type.startLine() <= def.startLine())).toList();
  }

  private boolean defined(String name) {
    return chunks.defines(name);
  }

  /**
   * Adds the chunks naming {@code name} as a word to {@code callers}, and the renamed re-exports they hold.
   *
   * @return how many of them were added without parsing, past {@link #maxParsedCallers}
   */
  private int collect(String name, Set<String> defIds, Map<String, Caller> callers, Map<String, String> aliases) {
    int unparsed = 0;
    Pattern word = Pattern.compile("(?<![\\p{L}\\p{N}_$])" + Pattern.quote(name) + "(?![\\p{L}\\p{N}_$])");
    for (Chunk chunk : chunks.mentioning(name)) {
      if (defIds.contains(chunk.id()) || callers.containsKey(chunk.id())) {
        continue;
      }
      int mention = firstLine(chunk.text(), word);
      if (mention < 0) {
        continue; // the index matched another case or a plural: not this name
      }
      if (callers.size() >= maxParsedCallers) {
        unparsed++;
        callers.put(chunk.id(), new Caller(chunk.path(), chunk.startLine() + mention + 1, chunk.symbol(), false));
        continue;
      }
      CodeReading reading = read(chunk);
      Optional<NameUse> reference = reading.uses().stream()
          .filter(use -> use.refers() && use.name().equals(name)).findFirst();
      int line = chunk.startLine() + reference.map(NameUse::line).orElse(mention) + 1;
      callers.put(chunk.id(), new Caller(chunk.path(), line, chunk.symbol(), reference.isPresent()));
      for (CodeReading.Reexport reexport : reading.reexports()) {
        if (reexport.name().equals(name) && !reexport.alias().equals(name)) {
          aliases.putIfAbsent(reexport.alias(), chunk.path() + ":" + (chunk.startLine() + reexport.line() + 1));
        }
      }
    }
    return unparsed;
  }

  private static void hedge(List<String> hedges, List<Chunk> defs, boolean exported, int confirmed, int mentions,
      int refCount) {
    long independent = defs.stream().filter(def -> !isConstructorOfDefinedType(def, defs)).count();
    if (independent > 1) {
      hedges.add(independent + " definitions share the name (overloads or same-named symbols): a caller may use any"
          + " of them; qualify it as Type.name to narrow");
    }
    if (mentions > confirmed) {
      hedges.add((mentions - confirmed) + " of the " + mentions + " callers only mention the name (a comment, a"
          + " string, code the parser could not read, or a format without a parser): counted, not confirmed");
    }
    if (exported) {
      hedges.add("public or exported: it may be used outside the indexed tree, which no count here includes");
    }
    if (refCount == 0) {
      hedges.add("no chunk of the indexed tree names it; uses by reflection, by a name built at run time or in"
          + " generated code are not seen");
    }
  }

  /** A constructor is defined with its class's name; with the class itself among the definitions it is not another. */
  private static boolean isConstructorOfDefinedType(Chunk def, List<Chunk> defs) {
    return def.nodeType().equals("constructor") && defs.stream()
        .anyMatch(other -> other != def && other.path().equals(def.path()) && !other.nodeType().equals("constructor"));
  }

  private static CodeReading read(Chunk chunk) {
    return CodeReader.forFormat(chunk.format()).map(reader -> reader.read(chunk.text(), chunk.nodeType()))
        .orElseGet(CodeReading::unparsed);
  }

  /** The 0-based line of the first match of {@code word} in {@code text}, or -1. */
  private static int firstLine(String text, Pattern word) {
    Matcher matcher = word.matcher(text);
    if (!matcher.find()) {
      return -1;
    }
    int line = 0;
    for (int i = 0; i < matcher.start(); i++) {
      if (text.charAt(i) == '\n') {
        line++;
      }
    }
    return line;
  }
}
