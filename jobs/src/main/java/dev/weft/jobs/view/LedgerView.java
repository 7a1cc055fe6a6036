package dev.weft.jobs.view;

import dev.weft.context.ledger.ProgressResult;
import dev.weft.context.ledger.RecallQuery;
import dev.weft.context.ledger.Recalled;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The ledger's shapes: a goal's progress entry, a memory recall and the query that recall runs. */
public final class LedgerView {
  private LedgerView() {}

  /** What {@code weft ledger goal progress --json} prints and the MCP progress tool returns. */
  public static Map<String, Object> progress(ProgressResult result) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("id", result.id());
    result.checkpoint().ifPresent(by -> json.put("checkpoint", by));
    result.reducerRejected().ifPresent(why -> json.put("reducerRejected", why));
    return json;
  }

  /** What {@code weft ledger memory recall --json} prints and the MCP ledger recall returns. */
  public static Map<String, Object> recalled(Recalled recalled) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("hits", recalled.hits());
    json.put("skipped", recalled.skipped());
    json.put("via", recalled.via());
    json.put("ranking", recalled.ranking());
    return json;
  }

  /** The query {@code recall} runs: the newest N, narrowed by tags, a jq predicate, similarity and a floor. */
  public static RecallQuery query(int n, List<String> tags, String where, String near, Double minScore) {
    RecallQuery query = RecallQuery.recent(n).withTags(new HashSet<>(tags));
    if (where != null) {
      query = query.withWhere(where);
    }
    if (near != null) {
      query = query.withNear(near);
    }
    if (minScore != null) {
      query = query.withMinScore(minScore);
    }
    return query;
  }
}
