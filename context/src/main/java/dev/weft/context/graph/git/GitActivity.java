package dev.weft.context.graph.git;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import java.time.Instant;
import java.util.Objects;

/**
 * A file's history in its git work tree: grounding shown beside a hit or a node, never used for ranking.
 *
 * @param commits how many commits touched the file (renames are not followed: a renamed file starts again)
 * @param lastCommitTime the committer time of the newest of them; JSON {@code lastCommit}, ISO-8601
 * @param lastAuthor that commit's author name
 */
public record GitActivity(
    int commits,
    @JsonProperty("lastCommit") @JsonSerialize(using = ToStringSerializer.class) Instant lastCommitTime,
    String lastAuthor) {

  public GitActivity {
    Objects.requireNonNull(lastCommitTime, "lastCommitTime");
    Objects.requireNonNull(lastAuthor, "lastAuthor");
    if (commits < 1) {
      throw new IllegalArgumentException("a file with git activity has at least 1 commit, got: " + commits);
    }
  }
}
