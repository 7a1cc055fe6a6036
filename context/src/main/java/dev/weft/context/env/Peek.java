package dev.weft.context.env;

/** The start of a slot: {@code head} is bounded; {@code truncated} says there is more. */
public record Peek(String name, String head, long chars, boolean truncated) {}
