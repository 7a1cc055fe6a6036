/**
 * In-process embedding models: langchain4j's packaged, quantized ONNX models ({@code OnnxModel}: bge-small, the
 * default, and MiniLM), run on Weft's own onnxruntime session loaded once per JVM ({@code LoadedOnnxModel}) with a DJL
 * tokenizer from the model jar, so nothing is downloaded at run time. The model jars, onnxruntime and DJL are optional
 * dependencies; {@code ModelClassPath} checks them before any loads, so a user embedding through an endpoint carries
 * none of them.
 *
 * <p>Read {@link dev.weft.models.onnx.OnnxEmbedder} first, then {@link dev.weft.models.onnx.OnnxModel}.
 *
 * <p>May import: the JDK, onnxruntime, DJL's Hugging Face tokenizer, the langchain4j model jars (only in
 * {@code Langchain4jModels}, the reference and benchmark baseline, never on the embedding path), {@code context.embed},
 * {@code context.error}, {@code models.embed} and {@code models.natives}. Must not import Beam, Lucene or an HTTP
 * client.
 */
package dev.weft.models.onnx;
