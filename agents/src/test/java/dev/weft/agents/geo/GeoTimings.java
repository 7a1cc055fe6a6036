package dev.weft.agents.geo;

import static dev.weft.agents.geo.GeoCalls.circle;
import static dev.weft.agents.geo.GeoCalls.comb;
import static dev.weft.agents.geo.GeoCalls.point;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.agents.tool.ToolResult;
import dev.weft.agents.tool.Toolbox;

/**
 * Not a test: the timings docs/agents.md ("Geo toolbox", "Bounds") quotes, each the best of N calls through the
 * toolbox (the schema check included) after two warm-up calls. Run from the repository root:
 *
 * <pre>
 * mvn -o -B -q -pl agents -am test-compile
 * mvn -o -B -q -pl agents dependency:build-classpath -Dmdep.outputFile=/tmp/geo-cp.txt -Dmdep.includeScope=test
 * java -cp agents/target/classes:agents/target/test-classes:$(cat /tmp/geo-cp.txt) dev.weft.agents.geo.GeoTimings 10
 * </pre>
 */
public final class GeoTimings {
  private GeoTimings() {}

  public static void main(String[] args) {
    Toolbox tools = GeoTools.toolbox();
    int reps = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    time(tools, "geo_distance", "{\"a\":" + point(-73.8, 40.6) + ",\"b\":" + point(2.55, 49.01666667) + "}", 200);
    time(tools, "geo_bbox", "{\"a\":" + circle(0, 0, 1, 19_999) + "}", reps);
    time(tools, "geo_union", "{\"a\":" + circle(0, 0, 1, 9_999) + ",\"b\":" + circle(0.5, 0, 1, 9_999) + "}", reps);
    time(tools, "geo_buffer", "{\"a\":" + circle(10, 50, 0.1, 19_999) + ",\"metres\":1000}", reps);
    time(tools, "geo_union", "{\"a\":" + comb(45, true) + ",\"b\":" + comb(45, false) + "}", reps);
    time(tools, "geo_union", "{\"a\":" + comb(60, true) + ",\"b\":" + comb(60, false) + "}", reps);
  }

  private static void time(Toolbox tools, String tool, String input, int reps) {
    JsonNode in = GeoCalls.json(input);
    ToolResult result = tools.call(tool, in);
    tools.call(tool, in);
    long best = Long.MAX_VALUE;
    for (int i = 0; i < reps; i++) {
      long start = System.nanoTime();
      result = tools.call(tool, in);
      best = Math.min(best, System.nanoTime() - start);
    }
    String value = result.value().toString();
    System.out.printf("%-18s %9.2f ms  error=%s  %s%n", tool, best / 1e6, result.error(),
        value.substring(0, Math.min(120, value.length())));
  }
}
