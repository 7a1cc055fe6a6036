/**
 * Chunk datasets on disk: {@code ChunkRow} (a chunk with its vector and the identity of the model that made it), the
 * one conversion to and from a {@code dev.weft.schemas} Avro record ({@code ChunkRecords}), and writers for Parquet and
 * Avro that write to a hidden temporary file and rename it into place on commit, so a reader never sees a half-written
 * file. {@code ChunkFiles} names, lists and reads a dataset directory ({@code chunks-SSSSS-of-NNNNN.<ext>}, Beam's
 * naming, so the in-process and Beam writers produce the same directory).
 *
 * <p>Read {@link dev.weft.transforms.export.ChunkRecords} first; docs/export.md says what readers (DuckDB, pyarrow)
 * see.
 *
 * <p>May import: the JDK, Avro, Parquet (parquet-avro on a local file, no Hadoop FileSystem), {@code schemas},
 * {@code dev.weft.context}, {@code context.embed} and {@code models.natives}. Part of the ingest core: must not import
 * Beam, Lucene or {@code dev.weft.index} ({@code LayeringTest}); the Beam sink is in {@code transforms.beam}.
 */
package dev.weft.transforms.export;
