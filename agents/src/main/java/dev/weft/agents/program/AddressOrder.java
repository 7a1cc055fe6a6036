package dev.weft.agents.program;

import java.io.Serializable;
import java.util.Comparator;

/**
 * The order pieces are visited and results listed in, by both runners: addresses compared with runs of digits
 * taken as numbers ({@code a#line:40/2} before {@code a#line:40/10}), then as plain strings to break ties (so
 * {@code 007} and {@code 7} still differ). A map capped at N sub-calls visits the first N pieces in this order.
 */
public final class AddressOrder implements Comparator<String>, Serializable {
  private static final long serialVersionUID = 1L;

  /** The one instance. */
  public static final AddressOrder INSTANCE = new AddressOrder();

  private AddressOrder() {}

  @Override
  public int compare(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      char ca = a.charAt(i);
      char cb = b.charAt(j);
      if (isDigit(ca) && isDigit(cb)) {
        int ei = digitsEnd(a, i);
        int ej = digitsEnd(b, j);
        int byNumber = compareDigits(a.substring(i, ei), b.substring(j, ej));
        if (byNumber != 0) {
          return byNumber;
        }
        i = ei;
        j = ej;
      } else {
        if (ca != cb) {
          return Character.compare(ca, cb);
        }
        i++;
        j++;
      }
    }
    int byRest = Integer.compare(a.length() - i, b.length() - j);
    return byRest != 0 ? byRest : a.compareTo(b);
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static int digitsEnd(String s, int from) {
    int end = from;
    while (end < s.length() && isDigit(s.charAt(end))) {
      end++;
    }
    return end;
  }

  // Numbers of any length: strip leading zeros, then the longer is larger, then digit by digit.
  private static int compareDigits(String x, String y) {
    String a = x.replaceFirst("^0+(?=.)", "");
    String b = y.replaceFirst("^0+(?=.)", "");
    return a.length() != b.length() ? Integer.compare(a.length(), b.length()) : a.compareTo(b);
  }

  private Object readResolve() {
    return INSTANCE;
  }
}
