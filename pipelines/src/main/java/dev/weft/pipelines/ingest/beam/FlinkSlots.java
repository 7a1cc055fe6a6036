package dev.weft.pipelines.ingest.beam;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.runners.flink.FlinkRunner;
import org.apache.beam.sdk.options.PipelineOptions;

/**
 * Sizes a Beam job to the Flink session cluster it is sent to, before it is submitted: asks the JobManager's REST API
 * ({@code GET http://HOST:PORT/overview}: {@code slots-total}, {@code slots-available}) and, with no
 * {@code --parallelism}, runs on the slots that are free (saying so in one line); a {@code --parallelism} the
 * cluster cannot give fails at once, naming the slots needed and the slots the cluster has. Without this a job that
 * asks for more slots than are free waits Flink's slot-request timeout (300 s) and fails as an internal error.
 * {@code [local]}, {@code [auto]} and {@code [collection]} are not asked: there the job brings its own slots.
 * The program run and the ingest both call {@link #fit}; operations.md, "Sizing a job to the cluster".
 */
public final class FlinkSlots {
  /** How long connecting to the REST API may take, in seconds. */
  static final long CONNECT_SECONDS = 3;
  /** How long the whole {@code /overview} request may take, in seconds. */
  static final long REQUEST_SECONDS = 5;
  private static final Duration CONNECT_DEADLINE = Duration.ofSeconds(CONNECT_SECONDS);
  private static final Duration REQUEST_DEADLINE = Duration.ofSeconds(REQUEST_SECONDS);
  private static final Set<String> IN_PROCESS = Set.of("[local]", "[auto]", "[collection]");
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A cluster's task slots: all of them, and those no job holds now. */
  public record Slots(int total, int available) {}

  private FlinkSlots() {}

  /**
   * Sets {@code options}' Flink parallelism to what the cluster named by {@code --flinkMaster} can run now, or
   * refuses: nothing for another runner or a Flink in this process.
   *
   * @param say receives the one line saying which parallelism was chosen, when none was given
   * @return the parallelism the job runs at, or -1 when no cluster was asked (not Flink, or Flink in this process)
   * @throws WeftException {@link ExitStatus#BAD_INPUT} when the cluster has fewer slots in all than the job needs,
   *     {@link ExitStatus#BUSY} when it has them but not free (or has no TaskManager yet), {@link
   *     ExitStatus#IO_FAILURE} when its REST API does not answer
   */
  public static int fit(PipelineOptions options, Consumer<String> say) {
    if (options.getRunner() != FlinkRunner.class) {
      return -1;
    }
    FlinkPipelineOptions flink = options.as(FlinkPipelineOptions.class);
    String master = flink.getFlinkMaster();
    if (master == null || IN_PROCESS.contains(master.toLowerCase(Locale.ROOT))) {
      return -1;
    }
    Slots slots = ask(master);
    Integer given = flink.getParallelism();
    if (given == null || given < 1) {
      if (slots.available() < 1) {
        throw refusal(master, 1, slots, "no --parallelism was given");
      }
      flink.setParallelism(slots.available());
      say.accept("weft: the Flink cluster at " + master + " has " + slots.available() + " of " + slots.total()
          + " task slots free: running with parallelism " + slots.available()
          + " (pass --parallelism N to choose)");
      return slots.available();
    }
    if (given > slots.available()) {
      throw refusal(master, given, slots, "--parallelism " + given);
    }
    return given;
  }

  private static WeftException refusal(String master, int needed, Slots slots, String why) {
    if (slots.total() == 0) {
      // a cluster starting, or a TaskManager re-registering after a failure: busy, not a wrong command
      return new WeftException(ExitStatus.BUSY, "the job needs " + needed + " task slot" + plural(needed) + " ("
          + why + ") but the Flink cluster at " + master + " has no TaskManager registered; retry when one is, or "
          + "start one");
    }
    if (needed > slots.total()) {
      return new WeftException(ExitStatus.BAD_INPUT, "the job needs " + needed + " task slot" + plural(needed)
          + " (" + why + ") but the Flink cluster at " + master + " has " + slots.total() + " in all; pass "
          + "--parallelism " + Math.max(1, slots.total()) + " or less, or add TaskManagers or slots");
    }
    return new WeftException(ExitStatus.BUSY, "the job needs " + needed + " task slot" + plural(needed) + " ("
        + why + ") but the Flink cluster at " + master + " has " + slots.available() + " of " + slots.total()
        + " free; retry when its running jobs finish, or pass --parallelism " + Math.max(1, slots.available())
        + " or less");
  }

  private static String plural(int n) {
    return n == 1 ? "" : "s";
  }

  /**
   * The cluster's slots, from {@code GET http://MASTER/overview} within {@value #CONNECT_SECONDS} s to connect and
   * {@value #REQUEST_SECONDS} s in all.
   *
   * @throws WeftException {@link ExitStatus#IO_FAILURE} naming the address when there is no usable answer
   */
  public static Slots ask(String master) {
    String base = master.contains("://") ? master : "http://" + master;
    URI uri;
    try {
      uri = URI.create(base.replaceAll("/+$", "") + "/overview");
    } catch (IllegalArgumentException e) {
      throw new WeftException(ExitStatus.BAD_INPUT, "--flinkMaster must be HOST:PORT of a JobManager's REST API, "
          + "got: " + master, e);
    }
    HttpClient client = HttpClient.newBuilder().connectTimeout(CONNECT_DEADLINE).build();
    HttpRequest request = HttpRequest.newBuilder(uri).timeout(REQUEST_DEADLINE).GET().build();
    try {
      HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw unreachable(uri, "it answered HTTP " + response.statusCode(), null);
      }
      JsonNode overview = JSON.readTree(response.body());
      JsonNode total = overview.get("slots-total");
      JsonNode available = overview.get("slots-available");
      if (total == null || !total.canConvertToInt() || available == null || !available.canConvertToInt()) {
        throw unreachable(uri, "its answer has no slots-total and slots-available (is it a Flink JobManager?)",
            null);
      }
      return new Slots(total.asInt(), available.asInt());
    } catch (IOException e) {
      throw unreachable(uri, e.toString(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new WeftException(ExitStatus.STOPPED, "interrupted while asking the Flink REST API at " + uri, e);
    }
  }

  private static WeftException unreachable(URI uri, String what, Throwable cause) {
    return new WeftException(ExitStatus.IO_FAILURE, "cannot read the Flink cluster's task slots from " + uri + ": "
        + what + "; start the cluster or fix --flink-master (HOST:PORT of its REST API, 8081 by default)", cause);
  }
}
