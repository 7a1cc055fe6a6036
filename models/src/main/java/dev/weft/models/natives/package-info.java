/**
 * The native libraries' cache: {@link dev.weft.models.natives.NativeLibraries} unpacks the JNI libraries of
 * tree-sitter, onnxruntime and Snappy once per user into a content-keyed cache directory and points each library's
 * loader at it, instead of letting each copy itself into {@code java.io.tmpdir} on every start (and leave the copies
 * behind when a JVM is killed). It sits in {@code models}, the lowest module that loads natives, so the chunkers, the
 * Parquet readers and writers and the Beam executors all call the same preparation.
 *
 * <p>Read {@link dev.weft.models.natives.NativeLibraries} first: call its {@code prepare*} method before the library's
 * first class loads.
 *
 * <p>May import: the JDK and {@code dev.weft.context} ({@code ScratchDirs}). Must not import the libraries it prepares:
 * it only sets their loaders' system properties, so it loads without them on the class path.
 */
package dev.weft.models.natives;
