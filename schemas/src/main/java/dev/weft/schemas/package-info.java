/**
 * The Avro schemas of the datasets Weft writes (chunks exported to Parquet and Avro, programs' stored results), parsed
 * from the {@code .avsc} files this module ships ({@code schemas/src/main/avro}). The {@code .avsc} is the one
 * definition: code reads and writes {@code GenericRecord}s against it by field name, and no classes are generated, so
 * there is no second Java type beside {@code dev.weft.context.Chunk} to keep in step.
 *
 * <p>Read {@link dev.weft.schemas.WeftSchemas} first; {@code ChunkFields} names the chunk schema's fields so code never
 * spells them twice (a test holds them to the schema).
 *
 * <p>May import: the JDK and Avro. Must not import any other Weft module (docs/design.md): it is below them all.
 */
package dev.weft.schemas;
