package dev.weft.jobs.view;

import dev.weft.api.Weft;
import dev.weft.context.Hit;
import dev.weft.context.RecallResult;
import dev.weft.context.graph.git.GitActivityIndex;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Recall's hits as agents read them, each with its file's git activity when git has it: the one implementation
 * behind {@code weft recall --json} and the MCP {@code recall}, so both carry the same hit metadata (graph.md, "Git
 * activity"). The activity is grounding, looked up after ranking and never fed into it.
 *
 * @param json a flat list of hits for one kind, else the groups by kind (sorted), each hit as {@link Json#hit}
 *     plus {@code git}
 * @param note why no hit carries git activity (git missing, not a work tree, a dataset index), once per recall;
 *     empty when the data is there or nothing was found
 */
public record RecallHits(Object json, Optional<String> note) {
  /** The hits of {@code result}; git activity is read (built on first use per HEAD) only when there is a hit. */
  public static RecallHits of(Weft weft, RecallResult result) {
    if (result.isEmpty()) {
      return new RecallHits(json(result, null), Optional.empty());
    }
    GitActivityIndex git = weft.gitActivity();
    return new RecallHits(json(result, git), git.unavailable());
  }

  private static Object json(RecallResult result, GitActivityIndex git) {
    if (result.flat()) {
      return result.hits().stream().map(hit -> hit(hit, git)).toList();
    }
    Map<String, Object> groups = new LinkedHashMap<>();
    result.groups().entrySet().stream().sorted(Map.Entry.comparingByKey())
        .forEach(e -> groups.put(e.getKey().id(), e.getValue().stream().map(hit -> hit(hit, git)).toList()));
    return groups;
  }

  private static Map<String, Object> hit(Hit hit, GitActivityIndex git) {
    Map<String, Object> map = Json.hit(hit);
    if (git != null) {
      git.activity(hit.path()).ifPresent(activity -> map.put("git", activity));
    }
    return map;
  }
}
