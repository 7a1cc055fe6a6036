package dev.weft.models;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.embed.Embedder;
import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.context.embed.EmbedderSpec;
import dev.weft.models.embed.EmbedderProvider;
import dev.weft.models.hash.HashEmbedderSpec;
import dev.weft.models.onnx.OnnxEmbedderSpec;
import dev.weft.models.onnx.OnnxModel;
import dev.weft.models.openai.OpenAiEmbedderSpec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EmbedderSpecsTest {
  @Test
  void onnxModelsHaveTheirNamesAndAliases() {
    EmbedderSpec minilm = new OnnxEmbedderSpec(OnnxModel.MINILM_L6_V2_Q);
    EmbedderSpec bge = new OnnxEmbedderSpec(OnnxModel.BGE_SMALL_EN_V15_Q);

    assertThat(EmbedderSpecs.parse("onnx:minilm")).isEqualTo(minilm);
    assertThat(EmbedderSpecs.parse(" MiniLM ")).isEqualTo(minilm);
    assertThat(EmbedderSpecs.parse("onnx:bge-small")).isEqualTo(bge);
    assertThat(EmbedderSpecs.parse("bge-small")).isEqualTo(bge);
    assertThat(minilm.identity()).hasToString("all-minilm-l6-v2-q/384");
    assertThat(bge.identity()).hasToString("bge-small-en-v1.5-q/384");
    assertThat(EmbedderSpecs.DEFAULT).isEqualTo(bge);
    assertThat(EmbedderSpecs.parse("default")).isEqualTo(bge);
  }

  @Test
  void hashTakesItsDims() {
    assertThat(EmbedderSpecs.parse("hash:256")).isEqualTo(new HashEmbedderSpec(256));
    assertThat(EmbedderSpecs.parse("hash:256").identity()).hasToString("hash-trigram-v1/256");
  }

  @Test
  void openAiTakesModelBaseUrlAndDimsWithTheDefaults() {
    EmbedderSpec spec = EmbedderSpecs.parse("openai:nomic-embed-text:latest@http://127.0.0.1:11434/#768");

    assertThat(spec).isEqualTo(new OpenAiEmbedderSpec("http://127.0.0.1:11434", "nomic-embed-text:latest", 768,
        "OPENAI_API_KEY", 64, Duration.ofSeconds(60), 2, 3));
    assertThat(spec.identity()).hasToString("openai:nomic-embed-text:latest/768");
    assertThat(((OpenAiEmbedderSpec) EmbedderSpecs.parse("openai:BAAI/bge-small-en-v1.5@https://tei.local/v1#384"))
        .endpoint()).hasToString("https://tei.local/v1/embeddings");
  }

  @Test
  void openAiOptionsSetTheDeadlineRetriesBreakerBatchAndKeyVariable() {
    EmbedderSpec spec = EmbedderSpecs.parse(
        "openai:nomic-embed-text:latest@http://127.0.0.1:11434#768?timeout=1500ms&retries=0&breaker=5&batch=16"
            + "&key=OLLAMA_KEY");

    assertThat(spec).isEqualTo(new OpenAiEmbedderSpec("http://127.0.0.1:11434", "nomic-embed-text:latest", 768,
        "OLLAMA_KEY", 16, Duration.ofMillis(1500), 0, 5));
    assertThat(spec.breakerThreshold()).isEqualTo(5);
    assertThat(((OpenAiEmbedderSpec) EmbedderSpecs.parse("openai:m@http://h#3?timeout=2m")).timeout())
        .isEqualTo(Duration.ofMinutes(2));
  }

  @ParameterizedTest
  @ValueSource(strings = {"minilm", "onnx:bge-small", "hash:16", "openai:m@http://h:8080#3",
      "openai:BAAI/bge-small-en-v1.5@https://tei.local/v1#384?timeout=10s&retries=1&breaker=2&batch=8&key=K"})
  void theFormatParsesBackToAnEqualSpec(String value) {
    EmbedderSpec spec = EmbedderSpecs.parse(value);

    String formatted = EmbedderSpecs.format(spec).orElseThrow();

    assertThat(EmbedderSpecs.parse(formatted)).isEqualTo(spec);
    assertThat(EmbedderSpecs.format(EmbedderSpecs.parse("openai:m@http://h#3?timeout=60s&retries=2")))
        .as("defaults are left out").hasValue("openai:m@http://h#3");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "openai:m@http://h#3?timeout=10 seconds|option 'timeout' must be a whole number with ms, s, m or h (500ms, "
          + "10s, 2m, 1h) or ISO-8601 (PT30S), got: '10 seconds'",
      "openai:m@http://h#3?retries=two|option 'retries' must be a whole number, got: 'two'",
      "openai:m@http://h#3?retries=11|max retries must be between 0 and 10, got: 11",
      "openai:m@http://h#3?breaker=0|failed batches before the breaker opens must be at least 1, got: 0",
      "openai:m@http://h#3?deadline=5s|option 'deadline' is not one of timeout, retries, breaker, batch, key",
      "openai:m@http://h#3?timeout=|option 'timeout' needs a value",
      "openai:m@http://h#3?retries=1&retries=2|option 'retries' is given twice"})
  void badOptionsAreRefusedNamingTheKeyAndTheValue(String valueAndMessage) {
    String value = valueAndMessage.substring(0, valueAndMessage.indexOf('|'));
    String message = valueAndMessage.substring(valueAndMessage.indexOf('|') + 1);

    assertThatThrownBy(() -> EmbedderSpecs.parse(value))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("unknown embedder '" + value + "'")
        .hasMessageContaining(message);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "onnx:e5", "hash:", "hash:0", "hash:x", "openai:m@http://h", "openai:@http://h#3",
      "openai:m#3", "openai:m@ftp://h#3", "openai:m@http://h#-1"})
  void refusalsNameTheValueAndTheAcceptedForms(String value) {
    assertThatThrownBy(() -> EmbedderSpecs.parse(value))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("unknown embedder '" + value + "'")
        .hasMessageContaining("accepted: onnx:bge-small (aliases bge-small, default), onnx:minilm (alias minilm), hash:<dims>")
        .hasMessageContaining("openai:<model>@<baseUrl>#<dims>");
  }

  @Test
  void openAiSpecRulesNameTheValue() {
    assertThatThrownBy(() -> new OpenAiEmbedderSpec("http://h", "m", 3, null, 0, Duration.ofSeconds(1), 0))
        .hasMessage("batch size must be at least 1, got: 0");
    assertThatThrownBy(() -> new OpenAiEmbedderSpec("http://h", "m", 3, null, 1, Duration.ZERO, 0))
        .hasMessage("request timeout must be positive, got: PT0S");
    assertThatThrownBy(() -> new OpenAiEmbedderSpec("http://h", "m", 3, null, 1, Duration.ofSeconds(1), 11))
        .hasMessage("max retries must be between 0 and 10, got: 11");
    assertThatThrownBy(() -> OpenAiEmbedderSpec.of("http://user:pw@h", "m", 3))
        .hasMessageContaining("must not carry user info")
        .message().doesNotContain("pw");
  }

  @Test
  void specsSurviveJavaSerializationAsBeamShipsThem() throws Exception {
    for (EmbedderSpec spec : new EmbedderSpec[] {EmbedderSpecs.parse("minilm"), EmbedderSpecs.parse("hash:16"),
        EmbedderSpecs.parse("openai:text-embedding-3-small@https://api.openai.com#1536?timeout=5s&breaker=4")}) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
        out.writeObject(spec);
      }
      try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
        assertThat(in.readObject()).isEqualTo(spec);
      }
    }
  }

  @Test
  void aStoredIdentityGivesBackTheSpecWhenItsNameIsEnough() {
    for (String value : new String[] {"minilm", "bge-small", "hash:48"}) {
      EmbedderSpec spec = EmbedderSpecs.parse(value);
      assertThat(EmbedderSpecs.fromIdentity(spec.identity())).as(value).hasValue(spec);
    }
    assertThat(EmbedderSpecs.fromIdentity(EmbedderSpecs.parse("openai:m@http://h#3").identity()))
        .as("an endpoint needs its URL").isEmpty();
    assertThat(EmbedderSpecs.fromIdentity(new EmbedderIdentity("all-minilm-l6-v2-q", 256)))
        .as("same name, other dims").isEmpty();
  }

  @Test
  void everyProviderHasItsOwnSchemeAndOneSyntaxLineForTheHelpTexts() {
    assertThat(EmbedderSpecs.PROVIDERS).extracting(EmbedderProvider::scheme)
        .containsExactly("bge-small", "minilm", "hash", "openai");
    assertThat(EmbedderSpecs.SYNTAX).containsExactly(
        "onnx:bge-small (aliases bge-small, default)",
        "onnx:minilm (alias minilm)",
        "hash:<dims> (e.g. hash:256)",
        "openai:<model>@<baseUrl>#<dims>[?timeout=60s&retries=2&breaker=3&batch=64&key=OPENAI_API_KEY] "
            + "(e.g. openai:text-embedding-3-small@https://api.openai.com#1536)");
  }

  @Test
  void namesAreCaseInsensitiveAndASpecOfNoProviderHasNoForm() {
    assertThat(EmbedderSpecs.parse("HASH:8")).isEqualTo(new HashEmbedderSpec(8));
    assertThat(EmbedderSpecs.parse("OpenAI:M@http://h#3")).isEqualTo(OpenAiEmbedderSpec.of("http://h", "M", 3));
    assertThat(EmbedderSpecs.format(new EmbedderSpec() {
      @Override
      public EmbedderIdentity identity() {
        return new EmbedderIdentity("custom", 2);
      }

      @Override
      public Embedder create() {
        throw new UnsupportedOperationException();
      }
    })).isEmpty();
  }
}
