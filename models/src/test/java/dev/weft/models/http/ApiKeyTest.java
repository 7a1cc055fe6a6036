package dev.weft.models.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.URI;
import java.net.http.HttpRequest;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
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

  @Test
  void aKeyFileWithASecondLineIsRefusedNamingTheVariableNotTheKey() {
    // a CRLF key file once put "Bearer sk-123\nx" into every piece's error, the answer and the report
    IllegalArgumentException e = catchThrowableOfType(IllegalArgumentException.class,
        () -> ApiKey.fromEnv("OPENAI_API_KEY", Map.of("OPENAI_API_KEY", "sk-123\r\nx\r\n")::get));

    assertThat(e).hasMessage("the API key in $OPENAI_API_KEY holds the control character U+000D at position 7 of"
        + " 9; a key is one line of printable characters: set $OPENAI_API_KEY to the key alone (a key file with a"
        + " second line or CRLF line ends?)");
  }

  @Property(tries = 200)
  void aKeyWithAnyControlCharacterInsideIsRefusedAndNeverQuoted(@ForAll("printable") String before,
      @ForAll("controls") char control, @ForAll("printable") String after) {
    String value = before + control + after;

    IllegalArgumentException e = catchThrowableOfType(IllegalArgumentException.class,
        () -> ApiKey.fromEnv("K", Map.of("K", value)::get));

    assertThat(e).isNotNull();
    assertThat(e.getMessage()).contains("$K").doesNotContain(before).doesNotContain(after);
  }

  @Provide
  Arbitrary<String> printable() {
    return Arbitraries.strings().withCharRange('!', '~').ofMinLength(8).ofMaxLength(40)
        .map(s -> "sk-" + s.replace("$", "").replace("K", ""));
  }

  @Provide
  Arbitrary<Character> controls() {
    return Arbitraries.oneOf(Arbitraries.chars().range('\u0000', '\u001f'), Arbitraries.of('\u007f', '\u0085',
        '\u009b'));
  }
}
