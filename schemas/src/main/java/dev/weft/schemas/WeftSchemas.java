package dev.weft.schemas;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.apache.avro.Schema;

/**
 * The Avro schemas of the datasets Weft writes, parsed from the {@code .avsc} files this module ships under
 * {@code dev/weft/schemas/} (source: {@code schemas/src/main/avro}). The {@code .avsc} is the one definition:
 * code reads and writes {@code GenericRecord}s against it by field name (see {@link ChunkFields}); no classes
 * are generated, so there is no second Java type beside {@code dev.weft.context.Chunk} to keep in step.
 */
public final class WeftSchemas {
  /** Class-path location of the chunk schema. */
  public static final String CHUNK_RESOURCE = "/dev/weft/schemas/Chunk.avsc";

  /**
   * Class-path location of the program document's JSON Schema (2020-12); its text is the one definition the
   * compiler validates against (docs/programs.md).
   */
  public static final String PROGRAM_RESOURCE = "/dev/weft/schemas/program.schema.json";

  /**
   * Class-path location of the run report's JSON Schema (2020-12): what {@code --report FILE} writes and
   * {@code weft report} reads (docs/operations.md, "Run reports").
   */
  public static final String RUN_REPORT_RESOURCE = "/dev/weft/schemas/run-report.schema.json";

  /**
   * Class-path location of the refinement patch's JSON Schema (2020-12): the RFC 6902 patch a model answers "what
   * did you learn" with (docs/agents.md, "Refinement").
   */
  public static final String REFINEMENT_PATCH_RESOURCE = "/dev/weft/schemas/refinement-patch.schema.json";

  /** Class-path location of the JSON Schema (2020-12) of a patch over one claim-evidence envelope. */
  public static final String CLAIM_PATCH_RESOURCE = "/dev/weft/schemas/claim-patch.schema.json";

  /** Class-path location of the map-result schema. */
  public static final String MAP_RESULT_RESOURCE = "/dev/weft/schemas/MapResult.avsc";

  // Parsed once: Schema is immutable after parsing and safe to share between threads.
  private static final Schema CHUNK = load(CHUNK_RESOURCE);
  private static final Schema MAP_RESULT = load(MAP_RESULT_RESOURCE);

  private WeftSchemas() {}

  /** {@code dev.weft.schemas.Chunk}: one row per chunk, with its optional embedding. */
  public static Schema chunk() {
    return CHUNK;
  }

  /**
   * The program JSON Schema as text: this module has no JSON library, so whoever validates parses it with its own
   * (the compiler in agents uses the networknt validator).
   */
  public static String programSchemaText() {
    return text(PROGRAM_RESOURCE);
  }

  /** The run report JSON Schema as text, for a validator to parse. */
  public static String runReportSchemaText() {
    return text(RUN_REPORT_RESOURCE);
  }

  /** The refinement patch JSON Schema as text, for a validator to parse. */
  public static String refinementPatchSchemaText() {
    return text(REFINEMENT_PATCH_RESOURCE);
  }

  /** The claim-evidence patch JSON Schema as text, for a validator to parse. */
  public static String claimPatchSchemaText() {
    return text(CLAIM_PATCH_RESOURCE);
  }

  private static String text(String resource) {
    try (InputStream in = WeftSchemas.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("schema resource must be on the class path, got none at: " + resource);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read schema resource " + resource, e);
    }
  }

  /** {@code dev.weft.schemas.MapResult}: one row per piece a program's map visited. */
  public static Schema mapResult() {
    return MAP_RESULT;
  }

  /** Parses a schema shipped on the class path, e.g. {@link #CHUNK_RESOURCE}. */
  public static Schema load(String resource) {
    try (InputStream in = WeftSchemas.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("schema resource must be on the class path, got none at: " + resource);
      }
      return new Schema.Parser().parse(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read schema resource " + resource, e);
    }
  }
}
