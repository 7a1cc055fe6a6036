package dev.weft.transforms.ingest;

import java.io.Serializable;

/**
 * A file the lister found, with the stat the planner compares against the index.
 *
 * @param path corpus-relative path with {@code /} separators
 * @param mtimeMillis last-modified time, following a symlink; -1 when it cannot be read
 * @param size size in bytes, following a symlink; -1 when it cannot be read
 */
// Serializable: a streaming window's plan carries its listed files from the plan step to the publish step
public record ListedFile(String path, long mtimeMillis, long size) implements Serializable {}
