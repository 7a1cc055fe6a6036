package dev.weft.pipelines.ingest.beam;

import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsRegistrar;

/**
 * Registers with Beam's option parser the options interfaces of filesystem modules that the user may have put on
 * the class path but whose own registrar leaves out. Beam's S3 module registers {@code AwsOptions} only, so without
 * this {@code --s3UploadBufferSizeBytes}, {@code --SSEAlgorithm} and the other {@code S3Options} flags are refused
 * as unknown. Looked up by name: Weft has no compile-time dependency on those modules, which stay the user's choice
 * (docs/operations.md, "Staging URIs").
 */
public final class OptionalOptionsRegistrar implements PipelineOptionsRegistrar {
  /** Interfaces registered when their module is on the class path. */
  static final List<String> OPTIONAL = List.of("org.apache.beam.sdk.io.aws2.options.S3Options");

  @Override
  public Iterable<Class<? extends PipelineOptions>> getPipelineOptions() {
    List<Class<? extends PipelineOptions>> found = new ArrayList<>();
    for (String name : OPTIONAL) {
      Class<?> type;
      try {
        type = Class.forName(name, false, OptionalOptionsRegistrar.class.getClassLoader());
      } catch (ClassNotFoundException | LinkageError absent) {
        continue; // the module is not on the class path: nothing of it can be passed, nothing to register
      }
      found.add(type.asSubclass(PipelineOptions.class));
    }
    return found;
  }
}
