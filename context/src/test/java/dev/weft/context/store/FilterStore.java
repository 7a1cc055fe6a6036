package dev.weft.context.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A store that forwards every call to another, for tests that hook or add to one (in the spirit of Lucene's
 * FilterDirectory); published in the test jar with the contract suite.
 */
public class FilterStore implements Store {
  protected final Store in;

  public FilterStore(Store in) {
    this.in = in;
  }

  @Override
  public Optional<JsonNode> get(String key) {
    return in.get(key);
  }

  @Override
  public void set(String key, JsonNode value) {
    in.set(key, value);
  }

  @Override
  public void delete(String key) {
    in.delete(key);
  }

  @Override
  public List<String> keys(String prefix) {
    return in.keys(prefix);
  }

  @Override
  public Concurrency concurrency() {
    return in.concurrency();
  }

  @Override
  public Set<Capability> capabilities() {
    return in.capabilities();
  }

  @Override
  public <R> R mutate(Scope scope, Mutation<R> mutation) {
    return in.mutate(scope, mutation);
  }

  @Override
  public RankResult rank(RankQuery query) {
    return in.rank(query);
  }

  @Override
  public SearchResult search(TextQuery query) {
    return in.search(query);
  }

  @Override
  public void close() {
    in.close();
  }
}
