/**
 * Routing: {@link dev.weft.transforms.route.Router} maps a corpus path to a {@code Route} (its ranking kind and the
 * format that picks its chunker) by its extension alone, so routing never reads a file and both executors agree. The
 * table it reads is the {@code Formats} registry of {@code transforms.chunk}; this package adds no knowledge of its own
 * about a format.
 *
 * <p>Read {@link dev.weft.transforms.route.Router} first.
 *
 * <p>May import: the JDK, {@code dev.weft.context} and {@code transforms.chunk} (the registry). Part of the ingest
 * core: must not import Beam, Lucene or {@code dev.weft.index} ({@code LayeringTest}). Both types are
 * {@code Serializable}, as Beam ships them to workers inside {@code FileProcessor}.
 */
package dev.weft.transforms.route;
