/**
 * The records and contracts every Weft module speaks: what an item and its chunks are ({@code SourceDocument},
 * {@link dev.weft.context.Chunk}, {@code FileState}, {@code Kind}), what recall asks and answers ({@code
 * RecallRequest}, {@code RecallResult}, {@code Hit}, {@code ChunkPointer}), what a run refuses and counts ({@code
 * DeadLetter}, {@code SkipReason}, {@code IngestCounters}), where an index lives ({@code IndexLocation}, made once
 * from {@code --index} and used as it is down to the Lucene directory), and the one seam through which {@code get}
 * reads an item's bytes ({@link dev.weft.context.ItemSource}, with the content-hash gate every source shares). It is the bottom of the
 * module graph, so the index layer, the ingest core and the facade can share a type without depending on each other.
 *
 * <p>Read {@link dev.weft.context.Chunk} first: most other records here describe where one came from or where it
 * points.
 *
 * <p>May import: the JDK and this module's own packages ({@code context.error}, {@code context.embed},
 * {@code context.fusion}); the module's only libraries are Jackson and jackson-jq. Must not import Beam, Lucene or any
 * other Weft module (docs/design.md, {@code LayeringTest}). Records that travel through a Beam pipeline are
 * {@code Serializable}; that is all they know of Beam. Hashes are computed here ({@code ContentHash},
 * {@code ChunkTextHash}) so that every caller's key matches what the index stores.
 */
package dev.weft.context;
