package dev.weft.transforms.chunk;

import static dev.weft.transforms.chunk.ChunkContract.chunkChecked;
import static dev.weft.transforms.chunk.ChunkContract.doc;
import static dev.weft.transforms.chunk.ChunkContract.rows;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GoChunkerTest {
  static final String GEO = String.join("\n",
      "// Package geo does geometry.",       // 0
      "package geo",                         // 1
      "",                                    // 2
      "import (",                            // 3
      "\t\"fmt\"",                           // 4
      "\t\"math\"",                          // 5
      ")",                                   // 6
      "",                                    // 7
      "// Point is a point.",                // 8
      "type Point struct {",                 // 9
      "\tX, Y float64",                      // 10
      "}",                                   // 11
      "",                                    // 12
      "type (",                              // 13
      "\t// Meters is a length.",            // 14
      "\tMeters float64",                    // 15
      "\tShape  interface{ Area() float64 }", // 16
      ")",                                   // 17
      "",                                    // 18
      "// Dist returns the distance.",       // 19
      "func (p Point) Dist(q Point) float64 {", // 20
      "\treturn math.Hypot(p.X-q.X, p.Y-q.Y)", // 21
      "}",                                   // 22
      "",                                    // 23
      "func main() {",                       // 24
      "\tfmt.Println(Point{})",              // 25
      "}",                                   // 26
      "",                                    // 27
      "var origin = Point{}",                // 28
      "");
  private final GoChunker chunker = new GoChunker();

  @Test
  void chunksFunctionsMethodsAndTypes() {
    assertThat(rows(chunkChecked(chunker, doc("geo.go", "go", GEO)))).containsExactly(
        "preamble null 0-6",
        "type Point 8-11",
        "type null 13-13",
        "type Meters 14-15",
        "interface Shape 16-16",
        "method Dist 19-22",
        "function main 24-26",
        "statements null 28-28");
  }

  @Test
  void mapsNonAsciiNames() {
    String text = "package p\n\n// Länge misst. 😀\nfunc (s Strecke) Länge() int { return 0 }\n";
    assertThat(rows(chunkChecked(chunker, doc("u.go", "go", text))))
        .containsExactly("preamble null 0-0", "method Länge 2-3");
  }
}
