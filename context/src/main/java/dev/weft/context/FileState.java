package dev.weft.context;

import java.io.Serializable;
import java.util.Objects;

/**
 * What the index remembers of one source file, to decide on the next pass whether it changed.
 *
 * @param path corpus-relative path
 * @param kind routing kind
 * @param format source format
 * @param mtimeMillis last-modified time seen when it was indexed
 * @param size size in bytes seen when it was indexed
 * @param contentHash {@link ContentHash} of the bytes that were chunked
 * @param chunkerStamp version of the chunking code that produced the chunks
 * @param chunkCount how many chunks the file produced
 */
public record FileState(
    String path,
    Kind kind,
    String format,
    long mtimeMillis,
    long size,
    String contentHash,
    String chunkerStamp,
    int chunkCount)
    implements Serializable {
  public FileState {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(contentHash, "contentHash");
    Objects.requireNonNull(chunkerStamp, "chunkerStamp");
  }

  public FileState withStat(long newMtimeMillis, long newSize) {
    return new FileState(path, kind, format, newMtimeMillis, newSize, contentHash, chunkerStamp, chunkCount);
  }
}
