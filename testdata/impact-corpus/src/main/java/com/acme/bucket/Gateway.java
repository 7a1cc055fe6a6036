package com.acme.bucket;

import java.util.List;

public class Gateway {
  private final TokenBucket bucket = new TokenBucket(10);

  public String handle(String request) {
    if (!bucket.tryAcquire(1)) {
      return "busy";
    }
    return request;
  }

  public void audit(List<String> log) {
    // a caller that hits the limit should log before it calls tryAcquire again
    log.add("audited");
  }
}
