package dev.weft.transforms.graph;

import static dev.weft.transforms.graph.Imports.candidates;
import static dev.weft.transforms.graph.Imports.specs;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.context.graph.FileImports;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JavaScript/TypeScript import rules, each alone on a tiny file at {@code web/src/app.ts}. */
class ScriptImportsTest {
  @TempDir Path root;

  private FileImports extract(String text) {
    return new ScriptImports().extract("web/src/app.ts", text, new ProjectFiles(root.toString()));
  }

  @Test
  void everyImportFormIsFound() {
    FileImports imports = extract("""
        import def from './a';
        import { b1,
          b2 } from "./b";
        import type { T } from './types';
        import './side-effect';
        export * from './c';
        export { d as dee } from './d';
        function load() {
          const e = cond ? require('./e') : null;
          return import('./f');
        }
        import x = require('./g');
        """);

    assertThat(specs(imports)).containsExactlyInAnyOrder("./a", "./b", "./types", "./side-effect", "./c", "./d", "./e",
        "./f", "./g");
  }

  @Test
  void aRelativeSpecifierTriesTheFileItsExtensionsAndTheBarrelIndex() {
    assertThat(candidates(extract("import x from './lib';"), "./lib")).startsWith("path:web/src/lib",
        "path:web/src/lib.ts", "path:web/src/lib.tsx", "path:web/src/lib.d.ts", "path:web/src/lib.js")
        .contains("path:web/src/lib/index.ts", "path:web/src/lib/index.js");
    assertThat(candidates(extract("import x from '../util.js';"), "../util.js"))
        .as("TypeScript's ESM style: the .js of a .ts source").startsWith("path:web/util.js", "path:web/util.ts");
  }

  @Test
  void aBarePackageIsExternalWithoutATsconfig() {
    assertThat(candidates(extract("import React from 'react';"), "react")).isEmpty();
  }

  @Test
  void tsconfigPathsAliasesThenBaseUrl() throws IOException {
    Files.createDirectories(root.resolve("web"));
    Files.writeString(root.resolve("web/tsconfig.json"), """
        { // comments and trailing commas are accepted
          "compilerOptions": {
            "baseUrl": "src",
            "paths": { "@lib/*": ["lib/*"], "@config": ["config/index.ts"], },
          },
        }
        """);

    assertThat(candidates(extract("import g from '@lib/greet';"), "@lib/greet")).startsWith("path:web/src/lib/greet",
        "path:web/src/lib/greet.ts").contains("path:web/src/@lib/greet.ts"); // baseUrl + the specifier, after the alias
    assertThat(candidates(extract("import c from '@config';"), "@config")).startsWith("path:web/src/config/index.ts");
    assertThat(candidates(extract("import r from 'react';"), "react")).as("baseUrl: tried, never invented")
        .startsWith("path:web/src/react");
  }

  @Test
  void importsInCommentsAndStringsAndMethodsNamedRequireAreNone() {
    FileImports imports = extract("""
        // import a from './line-comment';
        /* import b from './block-comment';
           require('./block-comment-2'); */
        const s = "import c from './in-string'";
        const t = `require('./in-template')`;
        const u = 'import("./in-single")';
        const v = loader.require('./a-method');
        const w = this.import('./another-method');
        import real from './real';
        """);

    assertThat(specs(imports)).containsExactly("./real");
  }
}
