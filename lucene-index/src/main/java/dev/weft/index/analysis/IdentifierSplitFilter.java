package dev.weft.index.analysis;

import java.io.IOException;
import org.apache.lucene.analysis.TokenFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionLengthAttribute;
import org.apache.lucene.util.ArrayUtil;

/**
 * Splits an identifier into its words and keeps the whole identifier too, as a token graph: the
 * original spans all parts (position length = part count), the parts follow it one position each.
 *
 * <p>Breaks at {@code _}, at lower-to-upper case changes ({@code parseHttp}), before the last
 * capital of an acronym that starts a word ({@code HTTPResponse} → {@code HTTP}, {@code Response})
 * and between letters and digits ({@code utf8}). Lucene's WordDelimiterGraphFilter has the other
 * rules but keeps {@code HTTPResponse} whole, so {@code response} would never match.
 */
public final class IdentifierSplitFilter extends TokenFilter {
  private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
  private final OffsetAttribute offset = addAttribute(OffsetAttribute.class);
  private final PositionIncrementAttribute posInc = addAttribute(PositionIncrementAttribute.class);
  private final PositionLengthAttribute posLen = addAttribute(PositionLengthAttribute.class);

  private char[] original = new char[32];
  private int originalLength;
  private int[] partStarts = new int[8];
  private int[] partEnds = new int[8];
  private int partCount;
  private int nextPart;
  private int startOffset;
  private int endOffset;
  private boolean offsetsFollowTerm;

  public IdentifierSplitFilter(TokenStream input) {
    super(input);
  }

  @Override
  public boolean incrementToken() throws IOException {
    if (nextPart < partCount) {
      emitPart();
      return true;
    }
    int skippedPositions = 0;
    while (input.incrementToken()) {
      split();
      if (partCount == 0) {
        // nothing but underscores: drop it, but keep its position so the graph stays aligned
        skippedPositions += posInc.getPositionIncrement();
        continue;
      }
      posInc.setPositionIncrement(posInc.getPositionIncrement() + skippedPositions);
      if (partCount == 1 && partStarts[0] == 0 && partEnds[0] == originalLength) {
        partCount = 0;
        return true;
      }
      posLen.setPositionLength(partCount);
      nextPart = 0;
      return true;
    }
    return false;
  }

  /**
   * Sets every attribute a part differs in from its identifier instead of capturing and restoring the
   * identifier's whole state (a clone of every attribute per identifier, the filter's main cost): the filters
   * after this one change only the term, so the rest (type, flags, keyword) still holds the identifier's values.
   */
  private void emitPart() {
    int start = partStarts[nextPart];
    int end = partEnds[nextPart];
    term.copyBuffer(original, start, end - start);
    posInc.setPositionIncrement(nextPart == 0 ? 0 : 1);
    posLen.setPositionLength(1);
    if (offsetsFollowTerm) {
      offset.setOffset(startOffset + start, startOffset + end);
    } else {
      offset.setOffset(startOffset, endOffset);
    }
    nextPart++;
  }

  private void split() {
    originalLength = term.length();
    original = ArrayUtil.grow(original, originalLength);
    System.arraycopy(term.buffer(), 0, original, 0, originalLength);
    startOffset = offset.startOffset();
    endOffset = offset.endOffset();
    offsetsFollowTerm = endOffset - startOffset == originalLength;
    partCount = 0;
    nextPart = 0;
    int partStart = -1;
    for (int i = 0; i < originalLength; ) {
      int c = Character.codePointAt(original, i, originalLength);
      int width = Character.charCount(c);
      if (c == '_') {
        if (partStart >= 0) {
          addPart(partStart, i);
          partStart = -1;
        }
      } else if (partStart < 0) {
        partStart = i;
      } else if (isBreak(i)) {
        addPart(partStart, i);
        partStart = i;
      }
      i += width;
    }
    if (partStart >= 0) {
      addPart(partStart, originalLength);
    }
  }

  /** True when a new word starts at {@code i}; the char before it is part of the current word. */
  private boolean isBreak(int i) {
    int previous = Character.codePointBefore(original, i);
    int current = Character.codePointAt(original, i, originalLength);
    if (Character.isDigit(previous) != Character.isDigit(current)) {
      return true;
    }
    if (Character.isUpperCase(current)) {
      if (Character.isLowerCase(previous)) {
        return true;
      }
      int after = i + Character.charCount(current);
      return Character.isUpperCase(previous)
          && after < originalLength
          && Character.isLowerCase(Character.codePointAt(original, after, originalLength));
    }
    return false;
  }

  private void addPart(int start, int end) {
    if (partCount == partStarts.length) {
      partStarts = ArrayUtil.grow(partStarts, partCount + 1);
      partEnds = ArrayUtil.grow(partEnds, partCount + 1);
    }
    partStarts[partCount] = start;
    partEnds[partCount] = end;
    partCount++;
  }

  @Override
  public void reset() throws IOException {
    super.reset();
    partCount = 0;
    nextPart = 0;
  }
}
