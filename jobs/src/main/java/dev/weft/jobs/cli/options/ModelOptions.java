package dev.weft.jobs.cli.options;

import dev.weft.api.Programs;
import dev.weft.context.program.Subcall;
import dev.weft.models.http.EndpointConfig;
import java.time.Duration;
import picocli.CommandLine.Option;

/** The chat model a program's map asks: an OpenAI-compatible endpoint (docs/programs.md). */
public final class ModelOptions {
  @Option(names = "--model", paramLabel = "M", required = true, description = "The model name the endpoint knows.")
  public String model;

  @Option(names = "--base-url", paramLabel = "URL", required = true,
      description = "The OpenAI-compatible endpoint, e.g. https://api.openai.com or http://127.0.0.1:8080.")
  public String baseUrl;

  @Option(names = "--api-key-env", paramLabel = "VAR", defaultValue = "OPENAI_API_KEY",
      description = "The environment variable holding the API key (default: ${DEFAULT-VALUE}); never printed.")
  public String apiKeyEnv;

  @Option(names = "--call-timeout", paramLabel = "DURATION", defaultValue = "PT60S",
      description = "Each sub-call's deadline, a duration: 60s, PT60S (default: ${DEFAULT-VALUE}).")
  public Duration callTimeout;

  /** The endpoint these options name: its model, base URL, key variable and each call's deadline. */
  public EndpointConfig endpoint() {
    return EndpointConfig.of(baseUrl, model).withApiKeyEnv(apiKeyEnv).withTimeout(callTimeout);
  }

  /** The sub-call for these options; without options, {@link Programs#NO_MODEL} (a map step is then refused). */
  public static Subcall subcall(ModelOptions options) {
    return options == null ? Programs.NO_MODEL
        : Programs.chatSubcall(options.baseUrl, options.model, options.apiKeyEnv, options.callTimeout);
  }
}
