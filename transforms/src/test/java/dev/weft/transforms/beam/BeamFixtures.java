package dev.weft.transforms.beam;

import dev.weft.transforms.ingest.FileOutcome;
import dev.weft.transforms.ingest.FileProcessor;
import dev.weft.transforms.ingest.SourceReader;
import dev.weft.transforms.route.Router;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.beam.runners.direct.DirectRunner;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;

/** A 3-document corpus (two text files and one binary) and a DirectRunner pipeline without the JUnit 4 rule. */
final class BeamFixtures {
  static final String GUIDE = "docs/guide.md";
  static final String GREETER = "src/Greeter.java";
  static final String BLOB = "assets/blob.md";
  static final List<String> PATHS = List.of(GUIDE, GREETER, BLOB);

  private BeamFixtures() {}

  static Path writeCorpus(Path root) throws IOException {
    write(root, GUIDE, """
        # Guide

        Weft indexes a corpus into Lucene shards.

        ## Install

        Run the build once, offline.
        """);
    write(root, GREETER, """
        package demo;

        /** Says hello. */
        public class Greeter {
          public String greet(String name) {
            return "hello " + name;
          }

          public int count() {
            return 1;
          }
        }
        """);
    Path blob = root.resolve(BLOB);
    Files.createDirectories(blob.getParent());
    Files.write(blob, new byte[] {'#', ' ', 'x', 0, 1, 2, 3, 0, 'y'});
    return root;
  }

  /** The ingest stamp these tests chunk with (the real one is built in pipelines). */
  static final String STAMP = "test-stamp";

  /** What the plain processor gives for each path: the Beam transform must give the very same. */
  static FileOutcome processDirectly(Path root, String relPath) {
    return new FileProcessor(root.toString(), Router.defaults(), SourceReader.withDefaults(), STAMP)
        .process(relPath);
  }

  static Pipeline directPipeline() {
    PipelineOptions options = PipelineOptionsFactory.create();
    options.setRunner(DirectRunner.class);
    return Pipeline.create(options);
  }

  private static void write(Path root, String relPath, String text) throws IOException {
    Path file = root.resolve(relPath);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }
}
