package com.acme.bucket;

import java.util.function.IntPredicate;

public class Scheduler {
  IntPredicate gate(TokenBucket bucket) {
    return bucket::tryAcquire;
  }

  static int unusedHelper(int x) {
    return x * 2;
  }
}
