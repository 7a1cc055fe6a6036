package dev.weft.transforms.program;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.schemas.WeftSchemas;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/** The one mapping between a {@link MapResult} and a {@code dev.weft.schemas.MapResult} row. */
public final class ResultRecords {
  /** The dataset files are {@code results-SSSSS-of-NNNNN.parquet}. */
  public static final String PREFIX = "results";
  private static final ObjectMapper JSON = new ObjectMapper();

  private ResultRecords() {}

  public static Schema schema() {
    return WeftSchemas.mapResult();
  }

  public static GenericRecord toRecord(String fingerprint, MapResult result) {
    GenericRecord record = new GenericData.Record(schema());
    record.put("fingerprint", fingerprint);
    record.put("address", result.address());
    record.put("ok", !result.failed());
    if (result.failed()) {
      record.put("errorReason", result.value().at("/error/reason").asText());
      record.put("errorMessage", result.value().at("/error/message").asText());
    } else {
      try {
        record.put("result", JSON.writeValueAsString(result.value()));
      } catch (JsonProcessingException e) {
        throw new IllegalStateException("a reply tree must serialize, got one for " + result.address(), e);
      }
    }
    return record;
  }

  /** The result a row holds: the reply, or the {@code {error: {reason, message}}} object. */
  public static MapResult fromRecord(GenericRecord record) {
    String address = record.get("address").toString();
    if ((Boolean) record.get("ok")) {
      try {
        return new MapResult(address, JSON.readTree(record.get("result").toString()));
      } catch (JsonProcessingException e) {
        throw new IllegalArgumentException("result row " + address + " must hold JSON, got: " + record.get("result")
            + "; the results dataset was not written by weft: re-run the program", e);
      }
    }
    ObjectNode error = JsonNodeFactory.instance.objectNode();
    error.put("reason", String.valueOf(record.get("errorReason")));
    error.put("message", String.valueOf(record.get("errorMessage")));
    ObjectNode value = JsonNodeFactory.instance.objectNode();
    value.set("error", error);
    return new MapResult(address, value);
  }
}
