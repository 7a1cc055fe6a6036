package com.acme.app;

import com.acme.util.Strings;
import static com.acme.util.Maths.square;
import java.util.List;

/** Uses Helper from its own package without an import; a comment naming Config is not a reference. */
public class App {
  public static void main(String[] args) {
    List<String> names = List.of(Strings.upper("a"));
    new Helper().help(square(names.size()));
  }
}
