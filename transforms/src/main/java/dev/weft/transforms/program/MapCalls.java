package dev.weft.transforms.program;

import dev.weft.context.program.CancelSignal;
import dev.weft.context.program.MapCall;
import dev.weft.context.program.Subcall;
import dev.weft.context.program.SubcallException;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/** Asking one piece, and which of the map's groups (lanes) on Beam asks it. */
public final class MapCalls {
  private MapCalls() {}

  /**
   * Asks {@code call} of {@code subcall}; a {@link SubcallException} (or any other Throwable, a defect, as
   * {@code INTERNAL}) becomes the piece's {@code {error}} result.
   */
  public static MapResult ask(Subcall subcall, MapCall call, CancelSignal cancel) {
    try {
      return new MapResult(call.address(), subcall.call(call, cancel));
    } catch (SubcallException e) {
      return MapResult.failure(call.address(), e.reason().name(), e.getMessage());
    } catch (Throwable e) { // any defect, an Error too (a validator overflowing its stack)
      // a defect in a Subcall must not lose the piece or kill the lane: recorded like any failure, as in-process
      return MapResult.failure(call.address(), "INTERNAL", e.toString());
    }
  }

  /**
   * The lane (0 to {@code lanes - 1}) the piece at {@code address} is called in: CRC-32 of the address's UTF-8
   * bytes mod {@code lanes}, the same on every runner, worker and JVM, so a re-run puts a piece in the same lane.
   */
  public static int laneOf(String address, int lanes) {
    if (lanes < 1) {
      throw new IllegalArgumentException("lanes must be at least 1, got: " + lanes);
    }
    CRC32 crc = new CRC32();
    crc.update(address.getBytes(StandardCharsets.UTF_8));
    return (int) (crc.getValue() % lanes);
  }
}
