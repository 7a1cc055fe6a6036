package dev.weft.context;

import java.io.Serializable;

/**
 * A record that could not be indexed, kept with the reason and the stage.
 *
 * @param path the original item's path or id
 * @param stage the stage that refused it ({@code read}, {@code chunk}, {@code write})
 * @param reason the counter name ({@link SkipReason#counter()} or {@code errors})
 * @param detail a message naming the rule and the value
 */
public record DeadLetter(String path, String stage, String reason, String detail) implements Serializable {}
