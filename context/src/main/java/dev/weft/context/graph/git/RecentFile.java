package dev.weft.context.graph.git;

import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import java.time.Instant;
import java.util.Objects;

/**
 * A file edited in the work tree and not yet committed, from {@code git status}.
 *
 * @param path corpus-relative path
 * @param status {@code modified}, {@code added}, {@code deleted}, {@code renamed}, {@code untracked} or
 *     {@code conflicted}
 * @param modified the file's last-modified time, or null when it is gone (deleted)
 */
public record RecentFile(String path, String status, @JsonSerialize(using = ToStringSerializer.class) Instant modified) {
  public RecentFile {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(status, "status");
  }
}
