package dev.weft.jobs.warm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.jobs.warm.client.ServerKey;
import dev.weft.jobs.warm.client.WarmPolicy;
import dev.weft.jobs.warm.client.Wire;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which calls run warm, what keys a server, and the request's wire form. */
class WarmPolicyTest {
  @TempDir Path tmp;

  @Test
  void shortCommandsRunWarmAndLongOrBeamOnesCold() {
    assertThat(WarmPolicy.coldReason(List.of("recall", "x"))).isEmpty();
    assertThat(WarmPolicy.coldReason(List.of("index", ".", "--runner", "inprocess"))).isEmpty();
    assertThat(WarmPolicy.coldReason(List.of("index", ".", "--watch"))).hasValue("`weft index --watch` runs cold");
    assertThat(WarmPolicy.coldReason(List.of("index", ".", "--runner", "flink"))).isPresent();
    assertThat(WarmPolicy.coldReason(List.of("index", ".", "--runner=direct"))).isPresent();
    assertThat(WarmPolicy.coldReason(List.of("index", ".", "--flink-master=host:8081"))).isPresent();
    for (String cold : new String[] {"mcp", "serve", "bench", "eval", "program", "export", "embed-missing", "help"}) {
      assertThat(WarmPolicy.coldReason(List.of(cold))).as(cold).isPresent();
    }
    assertThat(WarmPolicy.coldReason(List.of())).isPresent();
  }

  @Test
  void theKeyChangesWithWhatACommandSeesAndNotWithShellNoise() throws IOException {
    Path jar = Files.writeString(tmp.resolve("weft.jar"), "jar");
    Map<String, String> env = Map.of("WEFT_INDEX", "/a", "PWD", "/x", "SHLVL", "1");
    String id = ServerKey.of(jar, "/java", tmp, env).id();

    assertThat(ServerKey.of(jar, "/java", tmp, Map.of("WEFT_INDEX", "/a", "PWD", "/y", "SHLVL", "2",
        "WEFT_NO_SERVER", "0", "WEFT_RUN_DIR", "/r", "WEFT_NATIVE_CLIENT", "0")).id()).isEqualTo(id);
    assertThat(ServerKey.of(jar, "/java", tmp, Map.of("WEFT_INDEX", "/b")).id()).isNotEqualTo(id);
    assertThat(ServerKey.of(jar, "/java", tmp, Map.of("WEFT_INDEX", "/a", "OPENAI_API_KEY", "k")).id())
        .isNotEqualTo(id);
    assertThat(ServerKey.of(jar, "/java", tmp.resolve(".."), env).id()).isNotEqualTo(id);
    Files.writeString(jar, "rebuilt");
    assertThat(ServerKey.of(jar, "/java", tmp, env).id()).isNotEqualTo(id);
  }

  @Test
  void aRequestRoundTripsAndGarbageIsRefused() throws IOException {
    Wire.Request request = new Wire.Request("k", "/d", true, List.of("recall", "ünïcode\ttab", ""));
    assertThat(Wire.Request.read(new ByteArrayInputStream(request.encode()))).isEqualTo(request);

    byte[] garbage = ByteBuffer.allocate(8).putInt(4).putInt(0x12345678).array();
    assertThatThrownBy(() -> Wire.Request.read(new ByteArrayInputStream(garbage)))
        .isInstanceOf(IOException.class).hasMessageContaining("not a weft request");
  }
}
