package com.acme.app;

import com.acme.config.*;

class Helper {
  void help(int n) {
    System.out.println(Config.NAME + n);
  }
}
