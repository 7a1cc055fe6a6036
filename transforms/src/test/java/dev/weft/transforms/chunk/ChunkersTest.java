package dev.weft.transforms.chunk;

import static dev.weft.transforms.chunk.ChunkContract.doc;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.Chunk;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class ChunkersTest {
  @Test
  void picksTheStrategyForEachFormat() {
    assertThat(Chunkers.forFormat("java")).isInstanceOf(JavaChunker.class);
    assertThat(Chunkers.forFormat("python")).isInstanceOf(PythonChunker.class);
    assertThat(Chunkers.forFormat("javascript")).isInstanceOf(JavaScriptChunker.class);
    assertThat(Chunkers.forFormat("typescript")).isInstanceOf(TypeScriptChunker.class);
    assertThat(Chunkers.forFormat("go")).isInstanceOf(GoChunker.class);
    assertThat(Chunkers.forFormat("markdown")).isInstanceOf(MarkdownChunker.class);
    assertThat(Chunkers.forFormat("rst")).isInstanceOf(RstChunker.class);
    assertThat(Chunkers.forFormat("Markdown")).isInstanceOf(MarkdownChunker.class);
    assertThat(Chunkers.forFormat("text")).isInstanceOf(ParagraphChunker.class);
    assertThat(Chunkers.forFormat("csv")).isInstanceOf(ParagraphChunker.class);
    assertThatThrownBy(() -> Chunkers.forFormat(null)).isInstanceOf(NullPointerException.class);
  }

  @Test
  void stampIsTheRegistrysChunkerVersionAlone() {
    // the analysis half is added in pipelines (IngestStamp); indexes written before the registry keep their stamp
    assertThat(Chunkers.STAMP).isEqualTo("chunkers-2.java-3.python-3.go-2");
  }

  @Test
  void chunkersSurviveJavaSerialization() throws Exception {
    for (String format : List.of("java", "python", "javascript", "typescript", "go", "markdown", "rst", "text")) {
      Chunker chunker = Chunkers.forFormat(format);
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
        out.writeObject(chunker);
      }
      try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
        Chunker copy = (Chunker) in.readObject();
        assertThat(copy.chunk(doc("a", format, "x\n"))).hasSize(chunker.chunk(doc("a", format, "x\n")).size());
      }
    }
  }

  @Test
  void sharedInstancesGiveTheSameChunksOnManyThreads() throws Exception {
    List<String[]> inputs = List.of(
        new String[] {"java", JavaChunkerTest.GREETER},
        new String[] {"python", PythonChunkerTest.MODULE},
        new String[] {"javascript", JavaScriptChunkerTest.COUNTER},
        new String[] {"typescript", TypeScriptChunkerTest.SHAPES},
        new String[] {"go", GoChunkerTest.GEO});
    List<List<Chunk>> expected = new ArrayList<>();
    for (String[] in : inputs) {
      expected.add(Chunkers.forFormat(in[0]).chunk(doc("f", in[0], in[1])));
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Boolean>> results = new ArrayList<>();
      for (int t = 0; t < 40; t++) {
        int k = t % inputs.size();
        results.add(pool.submit(() ->
            Chunkers.forFormat(inputs.get(k)[0]).chunk(doc("f", inputs.get(k)[0], inputs.get(k)[1]))
                .equals(expected.get(k))));
      }
      for (Future<Boolean> result : results) {
        assertThat(result.get()).isTrue();
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
