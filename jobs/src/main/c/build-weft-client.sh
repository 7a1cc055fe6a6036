#!/usr/bin/env bash
# Builds the warm server's native client (weft-client.c, docs/cli.md "Warm server") into OUT (jobs/target/weft-client),
# which the launcher runs before the JVM client. Skips when OUT is newer than the source. Without gcc it builds
# nothing and says so: the launcher then uses the JVM client, slower to start, never a failure.
set -euo pipefail
here=${0%/*}
out=$1
if ! command -v gcc >/dev/null 2>&1; then
  echo "weft: gcc not found: the native warm client is not built, the launcher uses the JVM client" >&2
  rm -f "$out"
  exit 0
fi
if [ -f "$out" ] && [ "$out" -nt "$here/weft-client.c" ]; then
  exit 0
fi
mkdir -p "${out%/*}"
gcc -O2 -std=c11 -Wall -Wextra -Werror -o "$out.tmp" "$here/weft-client.c"
mv "$out.tmp" "$out"
