package dev.weft.models.onnx;

import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;
import java.util.List;

/**
 * What an in-process model needs on the class path, checked before any of it loads. The model jars, onnxruntime and
 * DJL's tokenizer are optional dependencies of this module (a user who embeds through an endpoint carries none of
 * them); without this check their absence would surface as a {@code NoClassDefFoundError} or a missing resource deep
 * in the first batch.
 */
final class ModelClassPath {
  private ModelClassPath() {}

  /**
   * One thing to find: a class or a resource, and the artifact that brings it.
   *
   * @param name a binary class name, or a resource path when {@code resource}
   */
  record Requirement(String name, boolean resource, String artifact) {}

  static List<Requirement> requirements(OnnxModel model) {
    return List.of(
        new Requirement(model.onnxResource(), true, model.artifact()),
        new Requirement(model.tokenizerResource(), true, model.artifact()),
        new Requirement("ai.onnxruntime.OrtEnvironment", false, "com.microsoft.onnxruntime:onnxruntime"),
        new Requirement("ai.djl.huggingface.tokenizers.HuggingFaceTokenizer", false, "ai.djl.huggingface:tokenizers"));
  }

  /**
   * @throws WeftException ({@link ExitStatus#BAD_INPUT}) naming the first missing artifact and the way out
   */
  static void check(OnnxModel model, ClassLoader loader) {
    for (Requirement requirement : requirements(model)) {
      if (!present(requirement, loader)) {
        throw new WeftException(ExitStatus.BAD_INPUT, "the " + model.shortName() + " model needs "
            + requirement.artifact() + " on the class path; add it, or embed through an openai: endpoint");
      }
    }
  }

  private static boolean present(Requirement requirement, ClassLoader loader) {
    if (requirement.resource()) {
      return loader.getResource(requirement.name()) != null;
    }
    try {
      Class.forName(requirement.name(), false, loader); // found, not initialised: no native library loads here
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
