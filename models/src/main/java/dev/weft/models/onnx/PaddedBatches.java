package dev.weft.models.onnx;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.weft.models.embed.Vectors;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Runs an encoder-only ONNX graph over many token sequences at once: sorted by length, grouped into sub-batches of
 * at most a given number of padded tokens, each padded only to its own longest sequence. The attention
 * mask keeps padding out of every real token's state, and pooling reads only real tokens, so a row's vector does
 * not depend on what it was batched with (up to float rounding).
 */
final class PaddedBatches {
  private final OrtEnvironment environment;
  private final OrtSession session;
  private final boolean takesTokenTypes;
  private final OnnxModel.Pooling pooling;
  private final int dims;

  PaddedBatches(OrtEnvironment environment, OrtSession session, OnnxModel.Pooling pooling, int dims)
      throws OrtException {
    this.environment = environment;
    this.session = session;
    // Some BERT exports drop the segment input; langchain4j feeds it only when the graph declares it, and so do we.
    this.takesTokenTypes = session.getInputNames().contains("token_type_ids");
    this.pooling = pooling;
    this.dims = dims;
  }

  /**
   * Unit vectors for {@code sequences} (token ids with the special tokens, none empty), in the same order, run in
   * sub-batches of at most {@code maxPaddedTokens} (rows × longest row; a longer row runs alone).
   *
   * @throws OrtException when onnxruntime refuses a sub-batch
   */
  float[][] embed(List<long[]> sequences, int maxPaddedTokens) throws OrtException {
    if (maxPaddedTokens < 1) {
      throw new IllegalArgumentException(
          "padded tokens per sub-batch must be at least 1, got: " + maxPaddedTokens);
    }
    int[] byLength = IntStream.range(0, sequences.size()).boxed()
        .sorted(Comparator.comparingInt(i -> sequences.get(i).length))
        .mapToInt(Integer::intValue).toArray();
    float[][] vectors = new float[sequences.size()][];
    int from = 0;
    while (from < byLength.length) {
      int to = from + 1;
      // Sorted ascending, so the row being added is the sub-batch's longest: its length sets the padding.
      while (to < byLength.length
          && (long) (to - from + 1) * sequences.get(byLength[to]).length <= maxPaddedTokens) {
        to++;
      }
      int[] rows = Arrays.copyOfRange(byLength, from, to);
      float[][] pooled = run(sequences, rows);
      for (int r = 0; r < rows.length; r++) {
        vectors[rows[r]] = pooled[r];
      }
      from = to;
    }
    return vectors;
  }

  private float[][] run(List<long[]> sequences, int[] rows) throws OrtException {
    int width = sequences.get(rows[rows.length - 1]).length;
    long[] ids = new long[rows.length * width];
    long[] mask = new long[rows.length * width];
    int[] lengths = new int[rows.length];
    for (int r = 0; r < rows.length; r++) {
      long[] sequence = sequences.get(rows[r]);
      lengths[r] = sequence.length;
      System.arraycopy(sequence, 0, ids, r * width, sequence.length);
      Arrays.fill(mask, r * width, r * width + sequence.length, 1L);
    }
    long[] shape = {rows.length, width};
    // Padding id 0 is [PAD] in both vocabularies; the mask makes its value irrelevant anyway.
    try (OnnxTensor idTensor = OnnxTensor.createTensor(environment, LongBuffer.wrap(ids), shape);
        OnnxTensor maskTensor = OnnxTensor.createTensor(environment, LongBuffer.wrap(mask), shape);
        OnnxTensor typeTensor = takesTokenTypes
            ? OnnxTensor.createTensor(environment, LongBuffer.wrap(new long[ids.length]), shape)
            : null) {
      Map<String, OnnxTensor> inputs = new HashMap<>();
      inputs.put("input_ids", idTensor);
      inputs.put("attention_mask", maskTensor);
      if (typeTensor != null) {
        inputs.put("token_type_ids", typeTensor);
      }
      try (OrtSession.Result result = session.run(inputs)) {
        OnnxTensor hidden = (OnnxTensor) result.get(0);
        long[] outShape = hidden.getInfo().getShape();
        if (outShape.length != 3 || outShape[0] != rows.length || outShape[1] != width || outShape[2] != dims) {
          throw new IllegalStateException("the model's output must have shape [" + rows.length + ", " + width
              + ", " + dims + "], got: " + Arrays.toString(outShape));
        }
        return pool(hidden.getFloatBuffer(), lengths, width);
      }
    }
  }

  private float[][] pool(FloatBuffer hidden, int[] lengths, int width) {
    float[][] pooled = new float[lengths.length][];
    for (int r = 0; r < lengths.length; r++) {
      float[] vector = new float[dims];
      int rowStart = r * width * dims;
      // CLS reads position 0 alone; MEAN averages the row's real tokens, as langchain4j does over an unpadded row.
      int count = pooling == OnnxModel.Pooling.CLS ? 1 : lengths[r];
      for (int t = 0; t < count; t++) {
        int at = rowStart + t * dims;
        for (int d = 0; d < dims; d++) {
          vector[d] += hidden.get(at + d);
        }
      }
      for (int d = 0; d < dims; d++) {
        vector[d] /= count;
      }
      pooled[r] = Vectors.normalizeInPlace(vector);
    }
    return pooled;
  }
}
