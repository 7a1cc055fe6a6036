package com.acme.util;

public final class Strings {
  public static String upper(String s) {
    return s.toUpperCase();
  }
}
