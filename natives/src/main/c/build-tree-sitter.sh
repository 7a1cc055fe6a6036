#!/usr/bin/env bash
# Builds the tree-sitter JNI libraries for this machine at -O2 into OUT_DIR, where NativeLibraries looks for them
# before the debug builds io.github.bonede ships (docs/ingest.md, "Tree-sitter natives"):
#   <platform>-tree-sitter.so            the vendored runtime + weft_tree_sitter_jni.c
#   <platform>-tree-sitter-<grammar>.so  a vendored grammar (grammars/) + weft_tree_sitter_grammar_jni.c, with
#                                        the tree_sitter/*.h the grammars share in grammars/include
# Each library is skipped when it is newer than its sources and this script. Without gcc or on a platform other
# than Linux x86_64/aarch64 it builds nothing and says so: bonede's libraries are used, slower.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$1
java_home=$2
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) platform=x86_64-linux-gnu ;;
  Linux-aarch64) platform=aarch64-linux-gnu ;;
  *) echo "weft: no tree-sitter build for $(uname -s)-$(uname -m): using the libraries io.github.bonede ships" >&2
     exit 0 ;;
esac
if ! command -v gcc >/dev/null 2>&1; then
  echo "weft: gcc not found: tree-sitter is not built, the (slower) libraries io.github.bonede ships are used" >&2
  exit 0
fi
mkdir -p "$out"

# stale LIB SOURCE...: whether LIB is missing or older than a SOURCE (file or directory tree) or this script
stale() {
  local lib=$1
  shift
  [ ! -f "$lib" ] || [ -n "$(find "$@" "$0" -newer "$lib" -type f -print -quit)" ]
}

# -fvisibility=hidden: a grammar's library exports its JNI entry point only (TREE_SITTER_HIDE_SYMBOLS hides its
# tree_sitter_<name>()), so no grammar's symbols bind to another's; the runtime's api.h keeps its ts_* API public
cflags=(-O2 -fPIC -shared -fvisibility=hidden -D_DEFAULT_SOURCE -w -I"$java_home/include" -I"$java_home/include/linux")

rt=$here/tree-sitter-0.25.0
lib=$out/$platform-tree-sitter.so
if stale "$lib" "$rt" "$here/weft_tree_sitter_jni.c"; then
  gcc "${cflags[@]}" -std=c11 -I"$rt/include" -I"$rt/src" "$here/weft_tree_sitter_jni.c" "$rt/src/lib.c" \
    -o "$lib.tmp"
  mv "$lib.tmp" "$lib"
fi

# grammar NAME CLASS DIR SRC: the grammar vendored in grammars/DIR, whose parser.c (+ scanner.c) is in DIR/SRC,
# for bonede's org.treesitter.CLASS. The versions are the ones bonede's artifacts were built from (same parse trees).
# "tree_sitter/parser.h" is found beside the including file first, so a grammar whose header differs from the
# shared one (grammars/SOURCE.md) keeps its own in SRC/tree_sitter and the others fall through to grammars/include.
shared=$here/grammars/include
grammar() {
  local name=$1 class=$2 dir=$here/grammars/$3 src=$here/grammars/$3/$4
  local lib=$out/$platform-tree-sitter-$name.so
  if stale "$lib" "$dir" "$shared" "$here/weft_tree_sitter_grammar_jni.c"; then
    local sources=("$src/parser.c")
    if [ -f "$src/scanner.c" ]; then
      sources+=("$src/scanner.c")
    fi
    # -std=gnu11: the scanners use gnu extensions (typeof in array.h)
    gcc "${cflags[@]}" -std=gnu11 -DTREE_SITTER_HIDE_SYMBOLS -DWEFT_GRAMMAR="$name" -DWEFT_GRAMMAR_CLASS="$class" \
      -I"$src" -I"$shared" "$here/weft_tree_sitter_grammar_jni.c" "${sources[@]}" -o "$lib.tmp.$$"
    mv "$lib.tmp.$$" "$lib"
  fi
}
# two at a time (the largest, typescript, takes ~4 s of CPU at -O2); a failed compile fails the build
grammar python TreeSitterPython tree-sitter-python-0.25.0 src & first=$!
grammar typescript TreeSitterTypescript tree-sitter-typescript-0.23.2 typescript/src & second=$!
wait "$first"; wait "$second"
grammar java TreeSitterJava tree-sitter-java-0.23.5 src & first=$!
grammar javascript TreeSitterJavascript tree-sitter-javascript-0.25.0 src & second=$!
wait "$first"; wait "$second"
grammar go TreeSitterGo tree-sitter-go-0.25.0 src
