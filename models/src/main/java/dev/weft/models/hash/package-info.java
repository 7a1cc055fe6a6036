/**
 * The deterministic embedder, {@code hash:<dims>}: signed feature hashing of character trigrams, no model and no native
 * code, the same vectors on every machine. It exists for tests and CI, where a real model is too slow or absent; its
 * vectors carry lexical similarity only and are never a default.
 *
 * <p>Read {@link dev.weft.models.hash.HashEmbedder} first.
 *
 * <p>May import: the JDK, {@code context.embed}, {@code models.embed} and commons-codec (the hash). Must not import
 * onnxruntime, an HTTP client, Beam or Lucene.
 */
package dev.weft.models.hash;
