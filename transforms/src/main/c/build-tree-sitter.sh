#!/usr/bin/env bash
# Builds the tree-sitter JNI library (the vendored runtime + weft_tree_sitter_jni.c, -O2) for this machine into
# OUT_DIR/<platform>-tree-sitter.so, where NativeLibraries looks for it before the debug build bonede ships
# (docs/ingest.md, "Tree-sitter natives"). Skips when the library is newer than every source. Without gcc or on a
# platform other than Linux x86_64/aarch64 it builds nothing and says so: bonede's library is used, slower.
set -euo pipefail
here=${0%/*}
out=$1
java_home=$2
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) platform=x86_64-linux-gnu ;;
  Linux-aarch64) platform=aarch64-linux-gnu ;;
  *) echo "weft: no tree-sitter build for $(uname -s)-$(uname -m): using the library io.github.bonede ships" >&2
     exit 0 ;;
esac
if ! command -v gcc >/dev/null 2>&1; then
  echo "weft: gcc not found: tree-sitter is not built, the (slower) library io.github.bonede ships is used" >&2
  exit 0
fi
lib=$out/$platform-tree-sitter.so
if [ -f "$lib" ] && [ -z "$(find "$here" -newer "$lib" -type f -print -quit)" ]; then
  exit 0
fi
mkdir -p "$out"
rt=$here/tree-sitter-0.25.0
# -fvisibility=hidden: only the JNI entry points are exported, so no other library's ts_* symbols bind to ours
gcc -O2 -fPIC -shared -fvisibility=hidden -std=c11 -D_DEFAULT_SOURCE -w \
  -I"$java_home/include" -I"$java_home/include/linux" -I"$rt/include" -I"$rt/src" \
  "$here/weft_tree_sitter_jni.c" "$rt/src/lib.c" -o "$lib.tmp"
mv "$lib.tmp" "$lib"
