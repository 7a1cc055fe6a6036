package dev.weft.transforms.natives;

import dev.weft.context.Kind;
import dev.weft.context.SourceDocument;
import dev.weft.models.EmbedderSpecs;
import dev.weft.models.natives.NativeLibraries;
import dev.weft.transforms.chunk.Chunkers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.xerial.snappy.Snappy;

/**
 * Loads every native library a Weft process loads — tree-sitter through the Python chunker, onnxruntime and the
 * DJL tokenizer through the MiniLM embedder — then halts as a killed JVM would: no shutdown hooks, no
 * delete-on-exit. Snappy (Beam's compression) too. Run in a forked JVM by {@link NativeLibrariesTest}.
 */
public final class NativeLoadProbe {
  private NativeLoadProbe() {}

  public static void main(String[] args) {
    String source = "def f():\n    return 1\n";
    int chunks = Chunkers.forFormat("python").chunk(new SourceDocument("a.py", Kind.CODE, "python", source, "h",
        0, source.length())).size();
    int dims = EmbedderSpecs.parse("minilm").create().embed(List.of("hello")).get(0).length;
    NativeLibraries.prepareSnappy(); // as a Beam run does before its pipeline runs
    try {
      Snappy.compress(new byte[] {1, 2, 3}); // Beam's compression library loads here
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    System.out.println("chunks=" + chunks + " dims=" + dims);
    System.out.flush();
    Runtime.getRuntime().halt(chunks == 1 && dims > 0 ? 0 : 1);
  }
}
