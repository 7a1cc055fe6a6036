package dev.weft.index.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.StringLength;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.core.FlattenGraphFilter;
import org.apache.lucene.analysis.en.EnglishMinimalStemFilter;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.analysis.util.CharTokenizer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;

/**
 * The code analyzer indexes without {@code FlattenGraphFilter}; this holds what the index keeps of its stream
 * (terms, and whether a token shares its position, which the length norm discounts; the fields keep neither
 * positions nor offsets) to what the flattened chain gave, on the committed code corpora and on generated code.
 */
class CodeAnalysisEqualityTest {
  private static final Path TESTDATA = Path.of("../testdata").toAbsolutePath().normalize();

  /** The index chain as it was: the same split, then flattened. */
  private static Analyzer flattened(boolean stem) {
    return new Analyzer() {
      @Override
      protected TokenStreamComponents createComponents(String fieldName) {
        Tokenizer tokenizer =
            CharTokenizer.fromTokenCharPredicate(c -> Character.isLetterOrDigit(c) || c == '_');
        TokenStream stream = new LowerCaseFilter(new FlattenGraphFilter(new IdentifierSplitFilter(tokenizer)));
        return new TokenStreamComponents(tokenizer, stem ? new EnglishMinimalStemFilter(stream) : stream);
      }
    };
  }

  @Property
  void generatedCodeLeavesTheSameIndexStream(
      @ForAll @StringLength(max = 80) @CharRange(from = 'a', to = 'c') @CharRange(from = 'X', to = 'Z')
          @CharRange(from = '0', to = '1') @Chars({'_', ' ', ',', '.', '(', '\n', 's'}) String code) {
    assertThat(indexStream(new CodeAnalyzer(), code)).isEqualTo(indexStream(flattened(true), code));
    assertThat(indexStream(CodeAnalyzer.forPaths(), code)).isEqualTo(indexStream(flattened(false), code));
  }

  @Test
  void runsOfDroppedUnderscoresAreHolesTheIndexDoesNotSee() {
    // the flattened chain shortened a hole of several dropped `_` tokens; only the positions moved
    String code = "for _, _, _ in pairs: __init__(self, HTTPResponse2, _x_)";
    assertThat(indexStream(new CodeAnalyzer(), code)).isEqualTo(indexStream(flattened(true), code));
  }

  @Test
  void theCommittedCodeCorporaIndexIdentically() throws IOException {
    List<String> files = codeFiles();
    assertThat(files).hasSizeGreaterThan(20);
    assertThat(postingsAndNorms(new CodeAnalyzer(), files)).isEqualTo(postingsAndNorms(flattened(true), files));
  }

  /** Per token: the term, and "+" when it starts a new position or "=" when it shares the previous one. */
  private static List<String> indexStream(Analyzer analyzer, String text) {
    List<String> tokens = new ArrayList<>();
    try (TokenStream stream = analyzer.tokenStream("f", text)) {
      CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
      PositionIncrementAttribute increment = stream.addAttribute(PositionIncrementAttribute.class);
      stream.reset();
      while (stream.incrementToken()) {
        tokens.add((increment.getPositionIncrement() == 0 ? "=" : "+") + term);
      }
      stream.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return tokens;
  }

  private static List<String> codeFiles() throws IOException {
    try (Stream<Path> walk = Files.walk(TESTDATA)) {
      List<String> texts = new ArrayList<>();
      for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
        String name = file.getFileName().toString();
        if (name.matches(".*\\.(py|java|ts|go)")) {
          texts.add(Files.readString(file));
        }
      }
      return texts;
    }
  }

  /** Every term's postings (document and frequency) and every document's length norm, as the index holds them. */
  private static List<String> postingsAndNorms(Analyzer analyzer, List<String> texts) throws IOException {
    FieldType type = new FieldType();
    type.setTokenized(true);
    type.setIndexOptions(IndexOptions.DOCS_AND_FREQS);
    type.freeze();
    List<String> out = new ArrayList<>();
    try (ByteBuffersDirectory directory = new ByteBuffersDirectory()) {
      try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig(analyzer))) {
        for (String text : texts) {
          Document doc = new Document();
          doc.add(new Field("text", text, type));
          writer.addDocument(doc);
        }
        writer.forceMerge(1);
      }
      try (DirectoryReader reader = DirectoryReader.open(directory)) {
        LeafReader leaf = reader.leaves().get(0).reader();
        Terms terms = leaf.terms("text");
        TermsEnum termsEnum = terms.iterator();
        for (BytesRef term = termsEnum.next(); term != null; term = termsEnum.next()) {
          StringBuilder line = new StringBuilder(term.utf8ToString());
          PostingsEnum postings = termsEnum.postings(null, PostingsEnum.FREQS);
          for (int doc = postings.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = postings.nextDoc()) {
            line.append(' ').append(doc).append(':').append(postings.freq());
          }
          out.add(line.toString());
        }
        NumericDocValues norms = leaf.getNormValues("text");
        for (int doc = norms.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = norms.nextDoc()) {
          out.add("norm " + doc + ":" + norms.longValue());
        }
      }
    }
    return out;
  }
}
