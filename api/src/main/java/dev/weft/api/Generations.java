package dev.weft.api;

import dev.weft.context.error.IndexDamagedException;
import dev.weft.context.generation.GenerationManifest;
import java.nio.file.Path;
import java.util.List;

/**
 * The kept generations and what is wrong with the rest: everything that can be listed is, and damage is reported
 * beside it rather than instead of it.
 *
 * @param kept the kept generations whose manifests can be read, newest first
 * @param served the generation {@code CURRENT} names, or -1 when it is missing or damaged
 * @param unreadable kept generations whose manifests cannot be read, newest first
 * @param currentDamage what is wrong with {@code CURRENT}, or null when it is fine (or there is none yet)
 */
public record Generations(List<GenerationManifest> kept, long served, List<Unreadable> unreadable,
    IndexDamagedException currentDamage) {
  public Generations {
    kept = List.copyOf(kept);
    unreadable = List.copyOf(unreadable);
  }

  /**
   * A kept generation whose manifest exists but cannot be read.
   *
   * @param generation the number in its file name
   * @param file the manifest file
   * @param reason why it cannot be read
   */
  public record Unreadable(long generation, Path file, String reason) {}

  /**
   * Throws the damage found, if any: a damaged {@code CURRENT} first, else the unreadable manifests as one line
   * naming the first and the way out.
   *
   * @throws IndexDamagedException when {@code CURRENT} or a kept manifest is damaged
   */
  public void requireIntact() {
    if (currentDamage != null) {
      throw currentDamage;
    }
    if (!unreadable.isEmpty()) {
      Unreadable first = unreadable.get(0);
      throw new IndexDamagedException(first.file(), unreadable.size() + " kept manifest(s) cannot be read and are "
          + "skipped, first " + first.file() + " (" + first.reason() + "); the generations listed are intact; "
          + "delete it or leave it to be pruned, and run `weft check`", null);
    }
  }
}
