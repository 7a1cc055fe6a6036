/**
 * Datasets of records ({@code _id}/{@code id}, {@code title}, {@code text}) as items: streaming readers for JSONL,
 * Parquet (parquet-avro on a local file, no Hadoop FileSystem) and Avro behind one entry point, the field rules they
 * share ({@code RecordRules}: a bad record is a dead letter naming its line or record number, never an exception), the
 * incremental {@code DatasetPlanner}, the {@code RecordSelection} by position that lets each executor re-read the file
 * instead of passing record text through the driver, {@code RecordChunker}, and {@code DatasetItemSource}, which
 * {@code get} reads a record back through.
 *
 * <p>Read {@link dev.weft.transforms.dataset.DatasetRecords} first, then {@code DatasetPlanner}; docs/ingest.md
 * ("Datasets") has the rules.
 *
 * <p>May import: the JDK, Jackson, Avro, Parquet (parquet-avro), {@code dev.weft.context}, {@code transforms.ingest}
 * and {@code models.natives} (Snappy). Part of the ingest core: must not import Beam, Lucene or {@code dev.weft.index}
 * ({@code LayeringTest}); the Beam coder and reader are in {@code transforms.beam}.
 */
package dev.weft.transforms.dataset;
