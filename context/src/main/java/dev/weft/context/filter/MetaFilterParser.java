package dev.weft.context.filter;

import dev.weft.context.ItemMetadata;
import dev.weft.context.filter.MetaFilter.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Parses {@code --where} by recursive descent over this grammar (keywords in any case):
 *
 * <pre>
 * filter     := or
 * or         := and ("or" and)*
 * and        := unary ("and" unary)*
 * unary      := "not" unary | "(" or ")" | comparison
 * comparison := NAME ("=" | "!=" | "<" | "<=" | ">" | ">=") value | NAME "in" "(" value ("," value)* ")"
 * value      := STRING | NUMBER | "true" | "false"
 * NAME       := [A-Za-z_][A-Za-z0-9_.-]*      (a metadata name, ItemMetadata.NAME)
 * STRING     := '"' (any character but " and \, or \" or \\)* '"'
 * NUMBER     := -?[0-9]+ ("." [0-9]+)? ([eE] [+-]? [0-9]+)?    (a long when it has no fraction or exponent)
 * </pre>
 *
 * Bounded, so a filter from a client or a model costs at most a small, fixed amount: at most {@value #MAX_CHARS}
 * characters, {@value #MAX_DEPTH} nested parentheses or {@code not}s, and {@value #MAX_VALUES} values in all.
 * Every refusal is a {@link FilterSyntaxException} naming the position and what was expected; nothing else is
 * thrown for any input.
 */
public final class MetaFilterParser {
  public static final int MAX_CHARS = 4_096;
  public static final int MAX_DEPTH = 32;
  public static final int MAX_VALUES = 256;

  private final String text;
  private int pos;
  private int depth;
  private int values;

  private MetaFilterParser(String text) {
    this.text = text;
  }

  /**
   * @throws FilterSyntaxException for any text the grammar refuses or the bounds exceed
   */
  public static MetaFilter parse(String text) {
    if (text == null) {
      throw new FilterSyntaxException(0, "expected a filter, got: null");
    }
    if (text.length() > MAX_CHARS) {
      throw new FilterSyntaxException(MAX_CHARS, "a filter must be at most " + MAX_CHARS + " characters, got: "
          + text.length());
    }
    MetaFilterParser parser = new MetaFilterParser(text);
    MetaFilter filter = parser.or();
    parser.skipSpace();
    if (parser.pos < text.length()) {
      throw parser.expected("and, or or the end of the filter");
    }
    return filter;
  }

  private MetaFilter or() {
    MetaFilter left = and();
    while (keyword("or")) {
      left = new MetaFilter.Or(left, and());
    }
    return left;
  }

  private MetaFilter and() {
    MetaFilter left = unary();
    while (keyword("and")) {
      left = new MetaFilter.And(left, unary());
    }
    return left;
  }

  private MetaFilter unary() {
    if (++depth > MAX_DEPTH) {
      throw new FilterSyntaxException(pos, "a filter may nest at most " + MAX_DEPTH + " parentheses or nots");
    }
    try {
      if (keyword("not")) {
        return new MetaFilter.Not(unary());
      }
      if (symbol("(")) {
        MetaFilter inner = or();
        if (!symbol(")")) {
          throw expected(")");
        }
        return inner;
      }
      return comparison();
    } finally {
      depth--;
    }
  }

  private MetaFilter comparison() {
    skipSpace();
    int start = pos;
    String name = name();
    if (name == null) {
      throw expected("a metadata name, not or (");
    }
    if (keyword("in")) {
      if (!symbol("(")) {
        throw expected("( after in");
      }
      List<Object> list = new ArrayList<>();
      do {
        list.add(value());
      } while (symbol(","));
      if (!symbol(")")) {
        throw expected(", or ) in the list of in");
      }
      return new MetaFilter.In(name, list);
    }
    Op op = operator();
    if (op == null) {
      throw expected("an operator (=, !=, <, <=, >, >= or in) after " + name);
    }
    int valueAt = nextNonSpace();
    Object value = value();
    if (op != Op.EQ && op != Op.NE && !(value instanceof Long || value instanceof Double)) {
      throw new FilterSyntaxException(valueAt, "a range (" + op.symbol() + ") needs a number, got: "
          + text.substring(valueAt, pos).strip() + " after " + text.substring(start, valueAt).strip());
    }
    return new MetaFilter.Compare(name, op, value);
  }

  private Op operator() {
    skipSpace();
    for (String symbol : List.of("!=", "<=", ">=", "=", "<", ">")) {
      if (text.startsWith(symbol, pos)) {
        pos += symbol.length();
        return switch (symbol) {
          case "!=" -> Op.NE;
          case "<=" -> Op.LE;
          case ">=" -> Op.GE;
          case "=" -> Op.EQ;
          case "<" -> Op.LT;
          default -> Op.GT;
        };
      }
    }
    return null;
  }

  private Object value() {
    skipSpace();
    if (++values > MAX_VALUES) {
      throw new FilterSyntaxException(pos, "a filter may hold at most " + MAX_VALUES + " values");
    }
    if (pos < text.length() && text.charAt(pos) == '"') {
      return string();
    }
    if (pos < text.length() && (text.charAt(pos) == '-' || isDigit(text.charAt(pos)))) {
      return number();
    }
    if (keyword("true")) {
      return Boolean.TRUE;
    }
    if (keyword("false")) {
      return Boolean.FALSE;
    }
    throw expected("a value (a \"string\", a number, true or false)");
  }

  private String string() {
    int start = pos++;
    StringBuilder out = new StringBuilder();
    while (pos < text.length()) {
      char c = text.charAt(pos++);
      if (c == '"') {
        return out.toString();
      }
      if (c == '\\') {
        if (pos < text.length() && (text.charAt(pos) == '"' || text.charAt(pos) == '\\')) {
          out.append(text.charAt(pos++));
          continue;
        }
        throw new FilterSyntaxException(pos - 1, "expected \\\" or \\\\ in a string, got: \\"
            + (pos < text.length() ? String.valueOf(text.charAt(pos)) : "the end of the filter"));
      }
      out.append(c);
    }
    throw new FilterSyntaxException(start, "expected the closing \" of the string that starts here");
  }

  private Object number() {
    int start = pos;
    if (text.charAt(pos) == '-') {
      pos++;
    }
    int digits = digits();
    boolean whole = true;
    if (digits > 0 && pos < text.length() && text.charAt(pos) == '.') {
      pos++;
      whole = false;
      if (digits() == 0) {
        throw expected("digits after the decimal point");
      }
    }
    if (digits > 0 && pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
      pos++;
      whole = false;
      if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
        pos++;
      }
      if (digits() == 0) {
        throw expected("digits of the exponent");
      }
    }
    if (digits == 0) {
      throw expected("digits of a number");
    }
    if (pos < text.length() && isNameChar(text.charAt(pos))) {
      throw expected("a space, an operator or ) after the number");
    }
    String literal = text.substring(start, pos);
    if (whole) {
      try {
        return Long.parseLong(literal);
      } catch (NumberFormatException e) {
        throw new FilterSyntaxException(start, "expected a whole number between " + Long.MIN_VALUE + " and "
            + Long.MAX_VALUE + ", got: " + literal);
      }
    }
    double value = Double.parseDouble(literal);
    if (!Double.isFinite(value)) {
      throw new FilterSyntaxException(start, "expected a finite number, got: " + literal);
    }
    return value == 0.0 ? 0.0 : value; // -0.0 is 0.0, as metadata stores it
  }

  private int digits() {
    int start = pos;
    while (pos < text.length() && isDigit(text.charAt(pos))) {
      pos++;
    }
    return pos - start;
  }

  /** A name at the position, or null (the position unmoved) when there is none or it is a keyword. */
  private String name() {
    int start = pos;
    if (pos >= text.length() || !(Character.isLetter(text.charAt(pos)) && text.charAt(pos) < 128
        || text.charAt(pos) == '_')) {
      return null;
    }
    while (pos < text.length() && isNameChar(text.charAt(pos))) {
      pos++;
    }
    String name = text.substring(start, pos);
    if (List.of("and", "or", "not", "in", "true", "false").contains(name.toLowerCase(Locale.ROOT))) {
      pos = start;
      return null;
    }
    if (!ItemMetadata.NAME.matcher(name).matches()) {
      throw new FilterSyntaxException(start, "expected a metadata name of at most 64 characters, got: "
          + (name.length() > 80 ? name.substring(0, 80) + "..." : name));
    }
    return name;
  }

  private boolean keyword(String word) {
    skipSpace();
    int end = pos + word.length();
    if (end <= text.length() && text.regionMatches(true, pos, word, 0, word.length())
        && (end == text.length() || !isNameChar(text.charAt(end)))) {
      pos = end;
      return true;
    }
    return false;
  }

  private boolean symbol(String symbol) {
    skipSpace();
    if (text.startsWith(symbol, pos)) {
      pos += symbol.length();
      return true;
    }
    return false;
  }

  private int nextNonSpace() {
    skipSpace();
    return pos;
  }

  private void skipSpace() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  private FilterSyntaxException expected(String what) {
    skipSpace();
    return new FilterSyntaxException(pos, "expected " + what + ", got: " + found());
  }

  private String found() {
    if (pos >= text.length()) {
      return "the end of the filter";
    }
    int end = pos;
    while (end < text.length() && end - pos < 20 && !Character.isWhitespace(text.charAt(end))) {
      end++;
    }
    return text.substring(pos, end);
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isNameChar(char c) {
    return c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '-');
  }
}
