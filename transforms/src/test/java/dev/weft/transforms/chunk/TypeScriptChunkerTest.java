package dev.weft.transforms.chunk;

import static dev.weft.transforms.chunk.ChunkContract.chunkChecked;
import static dev.weft.transforms.chunk.ChunkContract.doc;
import static dev.weft.transforms.chunk.ChunkContract.rows;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TypeScriptChunkerTest {
  static final String SHAPES = String.join("\n",
      "import type { Shape } from \"./shape\";", // 0
      "",                                        // 1
      "/** Something with an area. */",          // 2
      "export interface HasArea {",              // 3
      "  area(): number;",                       // 4
      "}",                                       // 5
      "",                                        // 6
      "export type Id = string | number;",       // 7
      "",                                        // 8
      "enum Color {",                            // 9
      "  Red,",                                  // 10
      "  Green,",                                // 11
      "}",                                       // 12
      "",                                        // 13
      "@Component({ selector: \"sq\" })",        // 14
      "export abstract class Square implements HasArea {", // 15
      "  private side = 1;",                     // 16
      "",                                        // 17
      "  constructor(side: number) {",           // 18
      "    this.side = side;",                   // 19
      "  }",                                     // 20
      "",                                        // 21
      "  @memo()",                               // 22
      "  area(): number {",                      // 23
      "    return this.side ** 2;",              // 24
      "  }",                                     // 25
      "",                                        // 26
      "  abstract name(): string;",              // 27
      "}",                                       // 28
      "",                                        // 29
      "export const double = (n: number): number => n * 2;", // 30
      "",                                        // 31
      "declare module \"shapes\" {",             // 32
      "  export function make(): Shape;",        // 33
      "}",                                       // 34
      "");
  private final TypeScriptChunker chunker = new TypeScriptChunker();

  @Test
  void chunksInterfacesTypesEnumsClassesAndNamespaces() {
    assertThat(rows(chunkChecked(chunker, doc("shapes.ts", "typescript", SHAPES)))).containsExactly(
        "preamble null 0-0",
        "interface HasArea 2-5",
        "type Id 7-7",
        "enum Color 9-12",
        "class Square 14-16",
        "method constructor 18-20",
        "method area 22-25",
        "method name 27-27",
        "function double 30-30",
        "namespace shapes 32-32",
        "function make 33-33");
  }

  @Test
  void fallsBackToParagraphsOnASyntaxError() {
    assertThat(rows(chunkChecked(chunker, doc("b.ts", "typescript", "interface {\n"))))
        .containsExactly("paragraphs null 0-0");
  }
}
