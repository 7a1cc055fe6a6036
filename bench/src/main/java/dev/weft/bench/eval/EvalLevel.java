package dev.weft.bench.eval;

import dev.weft.context.Hit;
import java.util.Locale;

/** What a judged item is, and so which id a hit stands for. */
public enum EvalLevel {
  /**
   * A record of the corpus file ({@code corpus.jsonl}, {@code .parquet} or {@code .avro}): a hit stands for its
   * path (the record id); ranked one hit per record.
   */
  RECORD(true),
  /** A chunk of a source file: a hit stands for {@code path#symbol}; every chunk is ranked. */
  CHUNK(false),
  /** A source file: a hit stands for its path; ranked one hit per file. */
  FILE(true),
  /**
   * A record written as a Markdown file and indexed as a folder ({@code --as-files}): a hit stands for its path,
   * the file the record was written to; ranked one hit per file.
   */
  FOLDER(true);

  private final boolean onePerFile;

  EvalLevel(boolean onePerFile) {
    this.onePerFile = onePerFile;
  }

  /** Whether recall should return a file's best chunk only (record and file level) or every chunk. */
  public boolean onePerFile() {
    return onePerFile;
  }

  /** The judged id a hit stands for at this level. */
  public String idOf(Hit hit) {
    if (this != CHUNK) {
      return hit.path();
    }
    String symbol = hit.chunk().symbol();
    // a chunk without a symbol (a paragraph, a preamble) can never equal a judged path#symbol
    return hit.path() + "#" + (symbol == null ? "" : symbol);
  }

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
