package dev.weft.context.memory;

import java.util.Objects;

/**
 * Whose memory: an owner (a tenant, a user) and optionally one of its sessions, or {@link #GLOBAL}. Every record
 * lives in exactly one scope and every read sees exactly the scope it names: a session is not its owner, and
 * neither sees {@code GLOBAL} unless it asks for it.
 *
 * @param owner null only for {@link #GLOBAL}
 * @param session null for the owner's own scope
 */
public record MemoryScope(String owner, String session) {
  public static final MemoryScope GLOBAL = new MemoryScope(null, null);
  private static final String GLOBAL_NAME = "global";

  public MemoryScope {
    if (owner == null && session != null) {
      throw new IllegalArgumentException("a session needs an owner, got: session '" + session + "' and no owner");
    }
    if (owner != null && owner.isBlank()) {
      throw new IllegalArgumentException("scope owner must not be blank, got: '" + owner + "'");
    }
    if (session != null && session.isBlank()) {
      throw new IllegalArgumentException("scope session must not be blank, got: '" + session + "'");
    }
  }

  public static MemoryScope owner(String owner) {
    return new MemoryScope(Objects.requireNonNull(owner, "owner"), null);
  }

  public static MemoryScope session(String owner, String session) {
    return new MemoryScope(Objects.requireNonNull(owner, "owner"), Objects.requireNonNull(session, "session"));
  }

  /**
   * The CLI form: {@code global}, {@code OWNER} or {@code OWNER/SESSION}. An owner spelled {@code global} or one
   * with a slash can only be named through the library.
   */
  public static MemoryScope parse(String value) {
    String text = value == null ? "" : value.trim();
    if (text.isEmpty()) {
      throw new IllegalArgumentException("scope must be global, OWNER or OWNER/SESSION, got: '" + value + "'");
    }
    if (text.equalsIgnoreCase(GLOBAL_NAME)) {
      return GLOBAL;
    }
    int slash = text.indexOf('/');
    if (slash < 0) {
      return owner(text);
    }
    if (slash == 0 || slash == text.length() - 1 || text.indexOf('/', slash + 1) >= 0) {
      throw new IllegalArgumentException("scope must be global, OWNER or OWNER/SESSION, got: '" + value + "'");
    }
    return session(text.substring(0, slash), text.substring(slash + 1));
  }

  public boolean isGlobal() {
    return owner == null;
  }

  /** The CLI form, as {@link #parse} reads it. */
  @Override
  public String toString() {
    if (owner == null) {
      return GLOBAL_NAME;
    }
    return session == null ? owner : owner + "/" + session;
  }
}
