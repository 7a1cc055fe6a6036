package com.acme.config;

public final class Config {
  public static final String NAME = "acme";
}
