package dev.weft.models.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EndpointConfigTest {
  @Test
  void normalisesTheBaseUrlAndBuildsEndpointsWithOneV1() {
    assertThat(EndpointConfig.of("http://h:8080/", "m").endpoint("/chat/completions"))
        .hasToString("http://h:8080/v1/chat/completions");
    assertThat(EndpointConfig.of("https://h/v1//", "m").endpoint("/chat/completions"))
        .hasToString("https://h/v1/chat/completions");
  }

  @Test
  void eachRefusalNamesTheKeyAndTheValue() {
    EndpointConfig ok = EndpointConfig.of("http://h", "m");
    assertThatThrownBy(() -> EndpointConfig.of("ftp://h", "m"))
        .hasMessage("base-url must be an http:// or https:// URL with a host, got: 'ftp://h'");
    assertThatThrownBy(() -> EndpointConfig.of("http://u:p@h", "m"))
        .hasMessage("base-url must not carry user info, a query or a fragment, got: 'h...'");
    assertThatThrownBy(() -> EndpointConfig.of("http://h", " "))
        .hasMessage("model must not be blank, got: ' '");
    assertThatThrownBy(() -> ok.withApiKeyEnv(""))
        .hasMessage("api-key-env must not be blank, got: ''");
    assertThatThrownBy(() -> ok.withTimeout(Duration.ZERO)).hasMessage("timeout must be positive, got: 0ms");
    assertThatThrownBy(() -> ok.withTimeout("10 seconds"))
        .hasMessage("timeout must be a whole number with ms, s, m or h (500ms, 10s, 2m, 1h) or ISO-8601 (PT30S), "
            + "got: '10 seconds'");
    assertThatThrownBy(() -> ok.withMaxRetries(11)).hasMessage("retries must be between 0 and 10, got: 11");
  }

  @Test
  void neverHoldsOrPrintsTheKey() {
    EndpointConfig config = EndpointConfig.of("http://h", "m").withApiKeyEnv("MY_KEY");
    ApiKey key = config.apiKey(Map.of("MY_KEY", "sk-secret")::get);

    assertThat(config.toString()).contains("$MY_KEY").doesNotContain("sk-secret");
    assertThat(key.isSet()).isTrue();
    assertThat(key.toString()).doesNotContain("sk-secret");
  }
}
