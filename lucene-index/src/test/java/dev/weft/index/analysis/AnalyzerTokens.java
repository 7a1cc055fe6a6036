package dev.weft.index.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionLengthAttribute;

/** Runs an analyzer and describes what it produced. */
final class AnalyzerTokens {
  private AnalyzerTokens() {}

  static List<String> terms(Analyzer analyzer, String text) {
    List<String> terms = new ArrayList<>();
    run(analyzer, text, (term, inc, len, start, end) -> terms.add(term));
    return terms;
  }

  /** {@code term/positionIncrement/positionLength/startOffset-endOffset} per token. */
  static List<String> graph(Analyzer analyzer, String text) {
    List<String> tokens = new ArrayList<>();
    run(analyzer, text, (term, inc, len, start, end) ->
        tokens.add(term + "/" + inc + "/" + len + "/" + start + "-" + end));
    return tokens;
  }

  private interface TokenSink {
    void accept(String term, int increment, int length, int start, int end);
  }

  private static void run(Analyzer analyzer, String text, TokenSink sink) {
    try (TokenStream stream = analyzer.tokenStream("f", text)) {
      CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
      PositionIncrementAttribute inc = stream.addAttribute(PositionIncrementAttribute.class);
      PositionLengthAttribute len = stream.addAttribute(PositionLengthAttribute.class);
      OffsetAttribute offset = stream.addAttribute(OffsetAttribute.class);
      stream.reset();
      while (stream.incrementToken()) {
        sink.accept(term.toString(), inc.getPositionIncrement(), len.getPositionLength(),
            offset.startOffset(), offset.endOffset());
      }
      stream.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
