package dev.weft.api;

import java.nio.file.Path;

/**
 * What an export wrote.
 *
 * @param generation the generation exported (the one served when the export began)
 * @param format {@code parquet} or {@code avro}
 * @param file the dataset file written
 * @param chunks rows written, one per chunk
 * @param chunksWithVectors rows that carry a vector
 */
public record ExportSummary(long generation, String format, Path file, long chunks, long chunksWithVectors) {}
