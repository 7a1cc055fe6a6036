package dev.weft.context.memory;

import dev.weft.context.embed.Embedder;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link Memory} behaves.
 *
 * @param scope the scope calls use when they name none; null for none (then GLOBAL, or an error when strict)
 * @param strictScope a call with no scope, on a memory with none, is refused rather than sent to GLOBAL
 * @param tenant when set, the memory is a {@link Memory#scoped} view: only scopes of this owner are allowed
 * @param episodeWindow episodes older than this are pruned on each episode write (default 30 days)
 * @param clock the time records and the log are stamped with (injectable for tests)
 * @param embedder embeds each remembered text and each dense or hybrid query; null for none (bm25 only)
 */
public record MemorySettings(MemoryScope scope, boolean strictScope, String tenant, Duration episodeWindow,
    Clock clock, Embedder embedder) {
  public static final Duration DEFAULT_EPISODE_WINDOW = Duration.ofDays(30);

  public MemorySettings {
    Objects.requireNonNull(episodeWindow, "episodeWindow");
    Objects.requireNonNull(clock, "clock");
    if (episodeWindow.isNegative() || episodeWindow.isZero()) {
      throw new IllegalArgumentException("episode window must be positive, got: " + episodeWindow);
    }
    if (tenant != null && tenant.isBlank()) {
      throw new IllegalArgumentException("tenant must not be blank, got: '" + tenant + "'");
    }
  }

  public static MemorySettings defaults() {
    return new MemorySettings(null, false, null, DEFAULT_EPISODE_WINDOW, Clock.systemUTC(), null);
  }

  public MemorySettings withScope(MemoryScope newScope) {
    return new MemorySettings(newScope, strictScope, tenant, episodeWindow, clock, embedder);
  }

  public MemorySettings withStrictScope(boolean strict) {
    return new MemorySettings(scope, strict, tenant, episodeWindow, clock, embedder);
  }

  public MemorySettings withTenant(String newTenant) {
    return new MemorySettings(scope, strictScope, newTenant, episodeWindow, clock, embedder);
  }

  public MemorySettings withEpisodeWindow(Duration window) {
    return new MemorySettings(scope, strictScope, tenant, window, clock, embedder);
  }

  public MemorySettings withClock(Clock newClock) {
    return new MemorySettings(scope, strictScope, tenant, episodeWindow, newClock, embedder);
  }

  public MemorySettings withEmbedder(Embedder newEmbedder) {
    return new MemorySettings(scope, strictScope, tenant, episodeWindow, clock, newEmbedder);
  }
}
