package dev.weft.models.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpRequest;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ApiKeyTest {
  private static final String KEY = "sk-live-abcdef";

  @Test
  void theKeyIsReadOnceStrippedAndNeverShown() {
    ApiKey key = ApiKey.fromEnv("MY_KEY", Map.of("MY_KEY", "  " + KEY + "\n")::get);

    assertThat(key.isSet()).isTrue();
    assertThat(key).hasToString("$MY_KEY");
    assertThat(key.scrub("echo " + KEY + " and " + KEY)).isEqualTo("echo [redacted] and [redacted]");
    assertThat(key.authorize(HttpRequest.newBuilder(URI.create("http://h"))).build().headers()
        .firstValue("Authorization")).hasValue("Bearer " + KEY);
  }

  @Test
  void anUnsetOrBlankVariableIsNoKey() {
    for (ApiKey key : new ApiKey[] {ApiKey.fromEnv("K", name -> null), ApiKey.fromEnv("K", name -> " ")}) {
      assertThat(key.isSet()).isFalse();
      assertThat(key).hasToString("$K (unset)");
      assertThat(key.scrub("text")).isEqualTo("text");
      assertThat(key.authorize(HttpRequest.newBuilder(URI.create("http://h"))).build().headers()
          .firstValue("Authorization")).isEmpty();
    }
  }
}
