package dev.weft.index;

import java.nio.file.Path;

/**
 * A kept generation whose manifest exists but cannot be read: it is skipped by every listing and reported, never
 * fatal to the other generations.
 *
 * @param generation the number in its file name
 * @param file the manifest file
 * @param reason why it cannot be read
 */
public record UnreadableManifest(long generation, Path file, String reason) {}
