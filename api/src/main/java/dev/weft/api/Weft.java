package dev.weft.api;

import dev.weft.agents.author.AuthoredProgram;
import dev.weft.agents.compact.EnvTools;
import dev.weft.agents.loop.Agent;
import dev.weft.agents.loop.AgentOptions;
import dev.weft.agents.model.ChatClient;
import dev.weft.agents.tool.Toolbox;
import dev.weft.context.IndexLocation;
import dev.weft.context.RecallRequest;
import dev.weft.context.RecallResult;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.context.env.Environment;
import dev.weft.context.env.SlotEnvironment;
import dev.weft.context.error.IndexDamagedException;
import dev.weft.context.generation.GenerationManifest;
import dev.weft.context.graph.git.GitActivityIndex;
import dev.weft.context.graph.git.RecentActivity;
import dev.weft.context.impact.Impact;
import dev.weft.context.ledger.ChunkTexts;
import dev.weft.context.ledger.Ledger;
import dev.weft.context.ledger.LedgerOptions;
import dev.weft.context.memory.Memory;
import dev.weft.context.memory.MemorySettings;
import dev.weft.context.store.InMemoryStore;
import dev.weft.context.store.Store;
import dev.weft.index.CorpusIndex;
import dev.weft.index.CorpusSearcher;
import dev.weft.index.IndexCheck;
import dev.weft.index.SymbolLookup;
import dev.weft.index.store.LuceneStore;
import dev.weft.models.EmbedderSpecs;
import dev.weft.models.http.EndpointConfig;
import dev.weft.pipelines.ingest.EmbedMissing;
import dev.weft.pipelines.ingest.IndexWatch;
import dev.weft.pipelines.ingest.IngestReport;
import dev.weft.transforms.export.ExportFormat;
import dev.weft.transforms.impact.ImpactAnalyzer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Weft as a library: one index directory, and everything the CLI does with it — index a directory or a dataset,
 * recall (bm25, dense, hybrid), get, stats, generations, rollback, embed-missing, export, check; and the memory
 * beside it ({@link #memory}, {@link #ledger}, {@link #environment}). The CLI, an MCP
 * server and scheduled jobs all call this; none of them needs the index module.
 *
 * <p>Thread-safe: concurrent recalls and gets share the served generation's reader, which is reopened when
 * {@code CURRENT} moves (after an index run or a rollback, from this process or another). Close it to release the
 * reader and any query embedder it made. Lines are 1-based everywhere ({@link Lines}); failures are the
 * {@code dev.weft.context.error} exceptions (busy, damaged, I/O) and {@link IllegalArgumentException} for bad input.
 *
 * <pre>{@code
 * try (Weft weft = Weft.open(Path.of("/tmp/index"))) {
 *   weft.index(Path.of("."));
 *   Hit hit = weft.recall(new RecallRequest("atomic publish", Set.of(Kind.CODE), 5, true)).hits().get(0);
 *   String chunk = weft.get(hit.path(), Lines.of(hit)).orElseThrow();
 * }
 * }</pre>
 */
public final class Weft implements AutoCloseable {
  private final IndexLocation index;
  /** The index's reader and models: this Weft's own, or lent by a {@link WeftCache} for as long as it is open. */
  private final OpenIndex reads;
  /** Closes {@link #reads}, or gives it back to the cache that lent it. */
  private final Runnable releaseReads;
  private final Embedders embedders;
  /**
   * The ledger's, the memory's and the environment's store, opened on first use and always this Weft's own: it
   * holds the store's write lock, which must never outlive a call that a cache serves.
   */
  private Store ledger;
  /** The code graph's reader, kept so its resolved graph is reused until the served generation moves. */
  private Graph graph;
  private boolean closed;

  private Weft(IndexLocation index, OpenIndex reads, Runnable releaseReads, Embedders embedders) {
    this.index = index;
    this.reads = reads;
    this.releaseReads = releaseReads;
    this.embedders = embedders;
  }

  /** A Weft over an index a cache holds open: in-process models are the cache's, the rest its own. */
  static Weft lent(IndexLocation index, OpenIndex reads, Runnable giveBack) {
    return new Weft(index, reads, giveBack, new Embedders(reads.models()));
  }

  /**
   * A Weft over the index at {@code dir}, which need not exist yet (an index run creates it; reads before then
   * fail naming it): {@code open(IndexLocation.of(dir))}, for a library caller that holds a directory.
   *
   * @throws IllegalArgumentException when {@code dir} is a file
   */
  public static Weft open(Path dir) {
    return open(IndexLocation.of(dir));
  }

  /**
   * A Weft over {@code index}, found once by the caller ({@link IndexLocation#forRead}, {@link IndexLocation#forWrite}
   * for {@code --index}, {@code $WEFT_INDEX} and the {@code .weft} upward); every layer below uses it as it is.
   */
  public static Weft open(IndexLocation index) {
    OpenIndex reads = new OpenIndex(Objects.requireNonNull(index, "index"));
    return new Weft(index, reads, reads::close, reads.models());
  }

  /** The index this Weft works on. */
  public IndexLocation location() {
    return index;
  }

  /** What this Weft reads through (tests: whether a cache lent the same one again). */
  OpenIndex reads() {
    return reads;
  }

  /** Indexes the directory tree at {@code root} with the defaults. */
  public IndexOutcome index(Path root) {
    return index(IndexRun.tree(root).build());
  }

  /**
   * One ingest run, publishing a generation when anything changed; when it embeds, chunks of items it did not
   * touch that still have no vector get one in a second generation.
   */
  public IndexOutcome index(IndexRun run) {
    ensureOpen();
    return Indexing.run(index, run);
  }

  /**
   * A watch that keeps the index level with {@code run}'s directory tree as it changes ({@code weft index --watch}):
   * {@link IndexWatch#run} blocks, publishing one generation per window with changes, until {@link IndexWatch#stop}.
   * Each window is {@code run} again (the same plan, update, commit and publish), so its options hold per window.
   *
   * @throws IllegalArgumentException for a dataset, {@code --force} or {@code --rebuild}
   */
  public IndexWatch watch(IndexRun run, IndexWatch.WatchSettings settings, IndexWatch.Listener listener) {
    ensureOpen();
    return Indexing.watch(index, run, settings, listener);
  }

  /** Recall; dense and hybrid embed the query with the embedder the index's vectors came from. */
  public RecallResult recall(RecallRequest request) {
    return recall(request, null);
  }

  /**
   * Recall; dense and hybrid embed the query with {@code embedder} ({@code bge-small}, {@code hash:64},
   * {@code openai:...}), or with the index's own when null.
   */
  public RecallResult recall(RecallRequest request, String embedder) {
    Objects.requireNonNull(request, "request");
    try (CorpusSearcher searcher = reading().searcher()) {
      if (!request.mode().usesVectors()) {
        return searcher.recall(request);
      }
      EmbedderSpec spec = Embedders.forRecall(embedder, searcher.vectorCensus());
      return searcher.recall(request, embedders.embedQuery(spec, request.query()));
    }
  }

  /**
   * The item as it is now, read from the source the served generation's manifest records: a file fresh from the
   * tree, or a dataset's record fresh from the dataset.
   *
   * @throws dev.weft.context.StalePointerException when it vanished
   * @throws dev.weft.context.error.WeftException (nothing found) when the path is not in the index, or no longer a
   *     regular file
   */
  public String get(String path) {
    try (CorpusSearcher searcher = searcherForGet()) {
      return searcher.get(path);
    }
  }

  /**
   * Exactly the indexed chunk at those lines, when the item still has the bytes it was indexed from; empty when no
   * chunk of the path has that range.
   *
   * @throws dev.weft.context.StalePointerException when the item changed or vanished since it was indexed
   */
  public Optional<String> get(String path, Lines lines) {
    Objects.requireNonNull(lines, "lines");
    try (CorpusSearcher searcher = searcherForGet()) {
      return searcher.get(path, lines.startLine(), lines.endLine());
    }
  }

  /**
   * The indexed text of the chunk with that id ({@code path#ordinal}) in the served generation, or empty when it
   * holds none.
   */
  public Optional<String> chunkText(String chunkId) {
    Objects.requireNonNull(chunkId, "chunkId");
    try (CorpusSearcher searcher = reading().searcher()) {
      return searcher.chunkText(chunkId);
    }
  }

  /** This index as the ledger's {@link ChunkTexts}: what evidence quoting one of its chunks is checked against. */
  public ChunkTexts chunkTexts() {
    return new IndexChunkTexts(this);
  }

  /**
   * The code graph of the served generation: {@code node(path)} and {@code related(path, direction, hops)}
   * (graph.md). Nodes carry the files' git activity ({@link #gitActivity}), read when a node is.
   */
  public synchronized Graph graph() {
    ensureOpen();
    if (graph == null) {
      graph = new Graph(() -> reading().searcher(), generation -> GitGrounding.activity(index, generation));
    }
    return graph;
  }

  /**
   * The blast radius of changing {@code symbol} ({@code name} or {@code Type.name}), computed on demand from the
   * served generation's code chunks (docs/graph.md, "impact"): definitions, callers confirmed by the language's
   * parser or counted as mentions, callees, complexity, risk and hedges. Empty when no code chunk defines it.
   *
   * @throws IllegalArgumentException when {@code symbol} is not an identifier
   */
  public Optional<Impact> impact(String symbol) {
    Objects.requireNonNull(symbol, "symbol");
    try (CorpusSearcher searcher = reading().searcher()) {
      return new ImpactAnalyzer(SymbolLookup.of(searcher)).impact(symbol);
    }
  }

  /**
   * The git activity of the served generation's tree, per file (commits, last commit time and author), for
   * grounding hits and nodes, never for ranking: from one batched {@code git log}, cached per HEAD in
   * {@code INDEX/git-activity.json} and brought up to date incrementally (docs/graph.md, "Git activity"). Without
   * git, a work tree or a tree at all it answers nothing for every path and says why in
   * {@link GitActivityIndex#unavailable()}.
   */
  public GitActivityIndex gitActivity() {
    GenerationManifest manifest;
    try (CorpusSearcher searcher = reading().searcher()) {
      manifest = searcher.generation();
    }
    return GitGrounding.activity(index, manifest);
  }

  /** The files edited in the served generation's work tree and not yet committed, newest first; apart from ranking. */
  public RecentActivity recentActivity() {
    try (CorpusSearcher searcher = reading().searcher()) {
      return GitGrounding.recent(index, searcher.generation());
    }
  }

  /** What the served generation holds. */
  public Stats stats() {
    try (CorpusSearcher searcher = reading().searcher()) {
      return Views.stats(searcher.stats());
    }
  }

  /** The kept generations, the served one, and any damage found while listing them. */
  public Generations generations() {
    CorpusIndex index = reading();
    IndexDamagedException currentDamage = null;
    try {
      index.current();
    } catch (IndexDamagedException e) {
      currentDamage = e;
    }
    return new Generations(index.generations(),
        index.servedNumber().orElse(-1L), index.unreadableGenerations().stream().map(Views::unreadable).toList(),
        currentDamage);
  }

  /** Serves another kept generation once its commit is verified to open, waiting up to {@code wait} when busy. */
  public GenerationManifest rollback(long generation, Duration wait) {
    return reading().rollback(generation, wait);
  }

  /**
   * Gives a vector to every chunk indexed without one, with {@code embedder}, else the index's own (or the one its
   * last run asked for), else the default model; publishes nothing when none is missing.
   */
  public IngestReport embedMissing(String embedder, int batchSize, Duration wait) {
    EmbedderSpec spec;
    try (CorpusSearcher searcher = reading().searcher()) {
      spec = Embedders.forEmbedMissing(embedder, searcher.vectorCensus(), searcher.generation());
    }
    return EmbedMissing.run(index, spec, batchSize, GenerationManifest.DEFAULT_KEEP_GENERATIONS, wait);
  }

  /** Writes the served generation as {@code outDir/chunks-00000-of-00001.<format>}, replacing an earlier export. */
  public ExportSummary export(ExportFormat format, Path outDir) {
    ensureOpen();
    return Exports.write(index, format, outDir);
  }

  /** Lucene's CheckIndex on every kept generation, under the write lock (waiting up to {@code wait}). */
  public CheckReport check(Duration wait) {
    ensureOpen();
    return Views.check(IndexCheck.run(index, wait));
  }

  /**
   * The memory beside this index ({@code INDEX/ledger}, the ledger's store): facts, episodes and docs per scope
   * (docs/ledger.md). {@code embedder} ({@code bge-small}, {@code hash:64}, ...) embeds what is remembered and
   * dense or hybrid queries; when null, the model the memories were embedded with, else none (bm25 only). The
   * memory lives as long as this Weft.
   */
  public Memory memory(String embedder) {
    return memory(embedder, ledgerStore());
  }

  /**
   * The memory beside this index for reading (get, list, count, review): as {@link #memory}, except that while no
   * store exists at {@code INDEX/ledger} it reads an empty one and creates nothing, so a read needs no write access
   * (a read-only index, or one never remembered into, counts 0). Asked again on every call: a store another process
   * creates meanwhile is read from then on.
   */
  public Memory memoryToRead(String embedder) {
    synchronized (this) {
      ensureOpen();
      if (ledger == null && !Files.isDirectory(index.resolve(MemoryStores.DIRECTORY))) {
        return memory(embedder, new InMemoryStore());
      }
    }
    return memory(embedder);
  }

  private Memory memory(String embedder, Store store) {
    MemorySettings settings = MemorySettings.defaults();
    Optional<EmbedderSpec> spec = MemoryStores.embedderFor(embedder, store);
    if (spec.isPresent()) {
      settings = settings.withEmbedder(new LazyEmbedder(spec.get(), embedders));
    }
    return new Memory(store, settings);
  }

  /**
   * Programs (docs/programs.md): compile a program file, or run one in process over a directory, an index or a
   * dataset. Needs no index: each run keeps its slots in a fresh in-memory environment.
   */
  public static Programs programs() {
    return new Programs(() -> new SlotEnvironment(new InMemoryStore()));
  }

  /**
   * A whole-corpus question (docs/agents.md, "Whole-corpus questions"): the model authors a program over the
   * request's source (one repair round with the compiler's errors), and it runs on the request's runner, in process or
   * on Beam, with the same answer either way. Needs no index, as {@link #programs()}.
   *
   * @throws dev.weft.agents.author.ProgramNotAuthoredException when no program compiled after the repair round
   * @throws InterruptedException when the calling thread is interrupted while the map runs
   */
  public static AskOutcome ask(AskRequest request) throws InterruptedException {
    return Asks.ask(request);
  }

  /** The program {@link #ask} would run, authored and compiled against the source, without running it. */
  public static AuthoredProgram authorProgram(AskRequest request) {
    return Asks.author(request);
  }

  /**
   * The agent's ledger beside this index ({@code INDEX/ledger}, the store the memory shares): the goal, evidenced
   * memories, skills and slots (docs/ledger.md). Evidence quoting a chunk is checked against this index
   * ({@link #chunkTexts}); {@code embedder} ({@code bge-small}, {@code hash:64}, ...) serves recall near and
   * embedMissing; when null, the model the ledger's vectors were made by (recorded by its first embedded write,
   * built on first use), else none. The ledger lives as long as this Weft.
   */
  public Ledger ledger(String embedder) {
    LedgerOptions options = LedgerOptions.defaults().withChunkTexts(chunkTexts());
    Store store = ledgerStore();
    if (embedder != null) {
      options = options.withEmbedder(embedders.embedder(EmbedderChoice.resolve(embedder, Optional.empty())));
    } else {
      // a recorded model that cannot be rebuilt from its name (an endpoint) leaves the ledger without one: only
      // recall near needs it, and that refuses asking for --embedder, while every other command works
      Optional<EmbedderSpec> recorded = Ledger.embedderOf(store).flatMap(EmbedderSpecs::fromIdentity);
      if (recorded.isPresent()) {
        options = options.withEmbedder(new LazyEmbedder(recorded.get(), embedders));
      }
    }
    return new Ledger(store, options);
  }

  /**
   * The program environment beside this index ({@code INDEX/ledger}, the store the ledger and the memory share;
   * its keys are under {@code env/}): named slots read through bounded operations (docs/ledger.md,
   * "Environment"). Lives as long as this Weft.
   */
  public Environment environment() {
    return new SlotEnvironment(ledgerStore());
  }

  /**
   * An agent with no tools of its own (the environment's, below), as {@link #agent(AgentOptions, Toolbox)}.
   */
  public Agent agent(AgentOptions options) {
    return agent(options, new Toolbox());
  }

  /**
   * An agent (docs/agents.md) bound to this index: its chat client asks the endpoint the options name
   * ({@link AgentOptions#withEndpoint}); its ledger is this index's ({@link #ledger}, unless the options name
   * another), so the active goal goes into every request and a history budget can archive rounds there; and
   * {@code tools} gains the environment tools ({@code env_grep}, {@code env_read}, {@code env_peek}) over
   * {@link #environment()}, each skipped when {@code tools} already has one of that name. The options' context
   * policy adds its own tools too, when the agent is built.
   *
   * @throws IllegalArgumentException when the options name no endpoint
   */
  public Agent agent(AgentOptions options, Toolbox tools) {
    EndpointConfig endpoint = options.endpoint().orElseThrow(() -> new IllegalArgumentException("Weft.agent needs "
        + "the chat endpoint to ask: pass options.withEndpoint(EndpointConfig.of(baseUrl, model)), got: none"));
    AgentOptions bound = options.ledger().isPresent() ? options : options.withLedger(ledger(null));
    new EnvTools(this::environment, "").addTo(tools);
    return new Agent(new ChatClient(endpoint), tools, bound);
  }

  /** Opened on first use and shared by every memory, ledger and environment handle: one writer per directory. */
  private synchronized Store ledgerStore() {
    ensureOpen();
    if (ledger == null) {
      if (!Files.isDirectory(index.resolve(MemoryStores.DIRECTORY))) {
        index.createIgnored(); // only when creating it: a read of an existing store needs no write access
      }
      ledger = LuceneStore.open(index.resolve(MemoryStores.DIRECTORY));
    }
    return ledger;
  }

  @Override
  public void close() {
    Store store;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      store = ledger;
      ledger = null;
    }
    try {
      embedders.close();
    } finally {
      try {
        if (store != null) {
          store.close();
        }
      } finally {
        releaseReads.run();
      }
    }
  }

  /** The index, opened on the first read, so a Weft can be opened on an index that its first run creates. */
  private CorpusIndex reading() {
    ensureOpen();
    return reads.index();
  }

  private synchronized void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("this Weft over " + index + " is closed; open another");
    }
  }

  /** A searcher whose {@code get} reads items from the source its own generation's manifest records. */
  private CorpusSearcher searcherForGet() {
    return reading().searcher(ItemSources::of);
  }
}
