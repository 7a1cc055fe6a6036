package dev.weft.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.agents.geo.GeoTools;
import dev.weft.agents.model.stub.StubChatServer;
import dev.weft.agents.model.stub.StubReply;
import dev.weft.agents.model.stub.StubReply.ToolCall;
import dev.weft.agents.model.stub.StubReply.Usage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft agent --tools geo} against the scripted stub model: the geo tools follow Weft's in the request, the
 * model calls geo_distance once and reads GeographicLib's metres, a resumed run keeps the set, and an unknown set
 * exits 2 naming the sets there are.
 */
class AgentGeoCliTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Usage USAGE = new Usage(4, 3);
  /** GeographicLib's GeodSolve0: New York (JFK) to Paris (CDG). */
  private static final StubReply DISTANCE = StubReply.toolCalls(List.of(new ToolCall("call_1", "geo_distance",
      "{\"a\": {\"type\": \"Point\", \"coordinates\": [-73.8, 40.6]}, "
          + "\"b\": {\"type\": \"Point\", \"coordinates\": [2.55, 49.01666667]}}")), USAGE);
  private static final StubReply ANSWER = StubReply.text("About 5,853 km.", USAGE);

  @TempDir static Path tmp;
  private static String index;
  private StubChatServer stub;

  @BeforeAll
  static void indexACorpus() throws IOException {
    Path root = Files.createDirectories(tmp.resolve("corpus"));
    Files.writeString(root.resolve("airports.md"), "# Airports\n\nJFK is at 40.6 N, 73.8 W; CDG at 49.0 N, 2.55 E.\n");
    index = tmp.resolve("index").toString();
    CliRun run = CliRun.of("index", root.toString(), "--index", index, "--quiet", "--runner", "inprocess");
    assertThat(run.exit()).as(run.err()).isZero();
  }

  @BeforeEach
  void startStub() throws IOException {
    stub = new StubChatServer();
  }

  @AfterEach
  void stopStub() {
    stub.close();
  }

  private CliRun agent(String... args) {
    List<String> argv = new ArrayList<>(List.of("agent", "--index", index, "--model", "stub-model", "--base-url",
        stub.baseUrl(), "--api-key-env", "WEFT_TEST_NO_KEY"));
    argv.addAll(List.of(args));
    return CliRun.of(argv.toArray(String[]::new));
  }

  @Test
  void theModelCallsGeoDistanceOnceAndAnswers() throws IOException {
    stub.replies(request -> request.call() == 1 ? DISTANCE : ANSWER);

    CliRun run = agent("How far is JFK from CDG?", "--tools", "geo");

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out().strip()).isEqualTo(ANSWER.content());
    assertThat(run.err()).containsPattern("run \\S+ completed: 2 model calls, 1 tool calls");
    JsonNode first = stub.requests().get(0).body();
    List<String> offered = new ArrayList<>();
    first.path("tools").forEach(t -> offered.add(t.path("function").path("name").asText()));
    assertThat(offered).startsWith("recall", "get").endsWith(GeoTools.NAMES.toArray(String[]::new));
    assertThat(first.path("messages").get(0).path("content").asText()).contains(AgentCommand.GEO_PROMPT.strip());
    JsonNode messages = stub.requests().get(1).body().path("messages");
    JsonNode result = JSON.readTree(messages.get(messages.size() - 1).path("content").asText());
    assertThat(result.path("metres").asDouble()).isCloseTo(5853226, within(0.5));
  }

  @Test
  void withoutTheFlagTheGeoToolsAreNotOffered() {
    stub.replies(request -> ANSWER);

    CliRun run = agent("How far is JFK from CDG?");

    assertThat(run.exit()).as(run.err()).isZero();
    List<String> offered = new ArrayList<>();
    stub.requests().get(0).body().path("tools").forEach(t -> offered.add(t.path("function").path("name").asText()));
    assertThat(offered).doesNotContainAnyElementsOf(GeoTools.NAMES);
  }

  @Test
  void aResumedRunKeepsItsToolSets() {
    stub.replies(request -> DISTANCE);
    CliRun stopped = agent("How far is JFK from CDG?", "--tools", "geo", "--budget-tokens", "5");
    assertThat(stopped.exit()).as(stopped.err()).isEqualTo(6);
    Matcher id = Pattern.compile("run (\\S+) stopped").matcher(stopped.err());
    assertThat(id.find()).as(stopped.err()).isTrue();

    stub.replies(request -> ANSWER);
    CliRun resumed = agent("--resume", id.group(1), "--budget-tokens", "1000");

    assertThat(resumed.exit()).as(resumed.err()).isZero();
    List<String> offered = new ArrayList<>();
    stub.requests().get(stub.requests().size() - 1).body().path("tools")
        .forEach(t -> offered.add(t.path("function").path("name").asText()));
    assertThat(offered).contains("geo_distance");
  }

  @Test
  void anUnknownToolSetExitsTwoNamingTheSets() {
    CliRun run = agent("How far?", "--tools", "geo,maps");

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).contains("--tools names 'maps', which is no tool set; the sets are: geo");
    assertThat(stub.requests()).isEmpty();
  }
}
