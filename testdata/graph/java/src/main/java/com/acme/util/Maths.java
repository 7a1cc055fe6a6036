// Integer helpers for the fixture.
package com.acme.util;

public final class Maths {
  public static int square(int n) {
    return n * n;
  }
}
