#!/bin/bash
# Weft beside the Node + SQLite-FTS5 code-context tool of issue 13 (litectx), whole processes on the same trees, in
# the same run: cold index, no-op re-index and one recall per tree, the two tools interleaved round by round (the
# order reversed every other round), medians of --repeat rounds after one untimed round. Weft answers from its warm
# server (started by the first call, as a user's first call does); litectx has no server, so each of its calls is
# one `node` process, as its CLI runs. CPU per call is the whole machine's busy time over the call (/proc/stat), so
# it includes the warm server's work: run it on a quiet machine. Not run by CI (it needs the tool, see below).
#
# The warm server stops itself when its socket goes with the scratch folder (docs/cli.md, "Warm server").
#
# usage: bench/node-tool-side-by-side.sh [--repeat N] [--work DIR] [--faq BEIR_DIR] NAME=TREE[=QUERY[=EXTS[=KIND]]] ...
#   NAME=TREE[=QUERY[=EXTS[=KIND]]]  a tree to index (copied twice into DIR, one copy per tool: litectx keeps its
#                      index inside the tree, in .litectx/); QUERY is the recall query (default "read lines from a
#                      file"); EXTS (e.g. ".go") makes litectx index those extensions instead of its default
#                      ts/js/py/md: its CLI has no such option, so its index then runs through its library with
#                      `include` set, the CLI's index code otherwise unchanged (litectx has no Go grammar: it keeps
#                      one whole-file chunk per Go file); KIND is the kind Weft's recall asks for: code (default),
#                      or docs for a tree Weft reads as text (e.g. the Go files renamed .txt: the same work for both)
#   --faq BEIR_DIR     also the docs figures over a BEIR set written as one Markdown file per record (by the
#                      writer `weft bench --compare` uses), query "how do I sort a dictionary by value"
#   --repeat N         timed rounds per figure (default 5)
#   --work DIR         scratch folder (default: a new temp folder, deleted after)
# env: LITECTX  a litectx checkout with its node_modules (default /tmp/litectx; docs/benchmarks.md says how to
#               install it without a registry copy of the package)
#
# Prints one TSV row per tree and figure: median wall ms and median CPU ms of each tool, and Weft's speed-up
# (litectx wall ÷ Weft wall; above 1 means Weft is faster), plus files/s for the cold index.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
repeat=5; work=""; faq=""; trees=()
while [ $# -gt 0 ]; do
  case $1 in
    --repeat) repeat=${2:?--repeat needs a number}; shift 2 ;;
    --work) work=${2:?--work needs a folder}; shift 2 ;;
    --faq) faq=${2:?--faq needs a BEIR folder}; shift 2 ;;
    -h|--help) sed -n 2,26p "$0"; exit 0 ;;
    *=*) trees+=("$1"); shift ;;
    *) echo "unknown argument: $1 (try --help)" >&2; exit 2 ;;
  esac
done
[ ${#trees[@]} -gt 0 ] || [ -n "$faq" ] || { echo "give at least one NAME=TREE or --faq (try --help)" >&2; exit 2; }
[ "$repeat" -ge 3 ] 2>/dev/null || { echo "--repeat must be at least 3, got: $repeat" >&2; exit 2; }
litectx=${LITECTX:-/tmp/litectx}
[ -f "$litectx/bin/litectx.js" ] && [ -d "$litectx/node_modules/better-sqlite3" ] || {
  echo "no litectx checkout with node_modules at $litectx: set LITECTX (docs/benchmarks.md, 'Side by side')" >&2
  exit 2; }
[ -f "$here/jobs/target/weft.jar" ] || { echo "no jobs/target/weft.jar: build first (./weft --help builds it)" >&2
  exit 2; }
if [ -z "$work" ]; then work=$(mktemp -d); trap 'rm -rf "$work"' EXIT; fi
mkdir -p "$work"; work=$(cd "$work" && pwd)
export WEFT_NO_BUILD=1 WEFT_RUN_DIR=$work/run
samples=$work/samples.tsv; : >"$samples"

busy_jiffies() { awk '/^cpu /{print $2+$3+$4+$7+$8}' /proc/stat; }
hz=$(getconf CLK_TCK)
# timed NAME FIGURE TOOL ROUND command... : appends wall ms and CPU ms (whole machine) to the samples
timed() {
  local name=$1 figure=$2 tool=$3 round=$4; shift 4
  local c0 t0 t1 c1
  c0=$(busy_jiffies); t0=$(date +%s%N)
  "$@" >/dev/null 2>"$work/last.err" || { echo "$tool $figure on $name failed:" >&2; cat "$work/last.err" >&2; exit 1; }
  t1=$(date +%s%N); c1=$(busy_jiffies)
  [ "$round" = warmup ] || printf '%s\t%s\t%s\t%s\t%.1f\t%.0f\n' "$name" "$figure" "$tool" "$round" \
    "$(( (t1 - t0) / 1000 ))e-3" "$(( (c1 - c0) * 1000 / hz ))" >>"$samples"
}
lc() { node "$litectx/bin/litectx.js" "$@"; }
# lc_index ROOT [EXTS]: `litectx index ROOT --no-embeddings`, or the same through its library with include=EXTS
lc_index() {
  if [ -z "${2:-}" ]; then lc index "$1" --no-embeddings; return; fi
  node --input-type=module -e '
    const [lib, root, exts] = process.argv.slice(1);
    const { LiteCtx } = await import(lib);
    const ctx = new LiteCtx({ root, embeddings: false, include: exts.split(",") });
    const r = await ctx.index({});
    ctx.close();
    console.error(`indexed ${r.files} files from ${root}`);' "$litectx/src/index.js" "$1" "$2"
}
weft() { "$here/weft" "$@"; }
# lc_recall QUERY ROOT / weft_recall QUERY INDEX KIND: one recall as each tool's user runs it
lc_recall() { lc recall "$1" --root "$2" --no-embeddings -n 10 --no-log; }
weft_recall() {
  if [ "$3" = code ]; then weft recall "$1" --kind code --index "$2"; else weft recall "$1" --index "$2"; fi
}

# one tree: NAME TREE QUERY KIND [EXTS]
side_by_side() {
  local name=$1 tree=$2 query=$3 kind=$4 exts=${5:-}
  local lctree=$work/$name/litectx wtree=$work/$name/weft
  mkdir -p "$work/$name"; cp -r "$tree" "$lctree"; cp -r "$tree" "$wtree"
  local files; files=$(find "$wtree" -type f | wc -l)
  echo "$name	$files files" >>"$work/files.tsv"
  # untimed: litectx's first run, the warm server's start and its first (JIT-paying) index of this tree
  timed "$name" cold litectx warmup lc_index "$lctree" "$exts"
  timed "$name" cold weft warmup weft index "$wtree" --index "$work/$name/index" --quiet
  timed "$name" recall litectx warmup lc_recall "$query" "$lctree"
  timed "$name" recall weft warmup weft_recall "$query" "$work/$name/index" "$kind"
  local i tools
  for ((i = 1; i <= repeat; i++)); do
    if [ $((i % 2)) = 1 ]; then tools=(litectx weft); else tools=(weft litectx); fi
    for t in "${tools[@]}"; do
      if [ "$t" = litectx ]; then
        rm -rf "$lctree/.litectx"
        timed "$name" cold litectx "$i" lc_index "$lctree" "$exts"
        timed "$name" noop litectx "$i" lc_index "$lctree" "$exts"
        timed "$name" recall litectx "$i" lc_recall "$query" "$lctree"
      else
        timed "$name" cold weft "$i" weft index "$wtree" --index "$work/$name/cold-$i" --quiet
        timed "$name" noop weft "$i" weft index "$wtree" --index "$work/$name/cold-$i" --quiet
        timed "$name" recall weft "$i" weft_recall "$query" "$work/$name/cold-$i" "$kind"
        rm -rf "$work/$name/cold-$i"
      fi
    done
  done
  rm -rf "$lctree" "$wtree"
}

# every tree checked before anything runs: a bad spec must not surface after minutes of timed runs
for spec in "${trees[@]}"; do
  IFS='=' read -r name tree _ _ kind <<<"$spec"
  [ -d "$tree" ] || { echo "$name: not a folder: $tree" >&2; exit 2; }
  case "${kind:-code}" in code|docs) ;; *) echo "$name: KIND must be code or docs, got: $kind" >&2; exit 2 ;; esac
done
echo "load before: $(cat /proc/loadavg)"
: >"$work/files.tsv"
if [ -n "$faq" ]; then
  mkdir -p "$work/faq-files"
  # the one writer of a BEIR set as Markdown files, the one `weft bench --compare` uses (BeirCorpus)
  cat >"$work/WriteFaq.java" <<'EOF'
public class WriteFaq {
  public static void main(String[] args) {
    dev.weft.bench.eval.BeirCorpus.writeMarkdownFiles(java.nio.file.Path.of(args[0]), java.nio.file.Path.of(args[1]));
  }
}
EOF
  java -cp "$here/jobs/target/weft.jar" "$work/WriteFaq.java" "$faq" "$work/faq-files"
  side_by_side docs "$work/faq-files" "how do I sort a dictionary by value" docs
fi
for spec in "${trees[@]}"; do
  IFS='=' read -r name tree query exts kind <<<"$spec"
  side_by_side "$name" "$tree" "${query:-read lines from a file}" "${kind:-code}" "$exts"
done
echo "load after: $(cat /proc/loadavg)"

python3 - "$samples" "$work/files.tsv" <<'EOF'
import collections, statistics, sys
samples, files = sys.argv[1], sys.argv[2]
count = dict(line.rstrip("\n").split("\t")[0:2] for line in open(files))
wall, cpu = collections.defaultdict(list), collections.defaultdict(list)
order = []
for line in open(samples):
    name, figure, tool, _, w, c = line.rstrip("\n").split("\t")
    wall[name, figure, tool].append(float(w)); cpu[name, figure, tool].append(float(c))
    if (name, figure) not in order: order.append((name, figure))
print("tree\tfigure\tlitectx ms\tweft ms\tweft speed-up (litectx/weft)\tlitectx CPU ms\tweft CPU ms\tlitectx files/s\tweft files/s")
for name, figure in order:
    lw, ww = statistics.median(wall[name, figure, "litectx"]), statistics.median(wall[name, figure, "weft"])
    lc, wc = statistics.median(cpu[name, figure, "litectx"]), statistics.median(cpu[name, figure, "weft"])
    n = int(count[name].split()[0])
    rate = f"\t{n / lw * 1000:.0f}\t{n / ww * 1000:.0f}" if figure == "cold" else "\t\t"
    print(f"{name} ({n})\t{figure}\t{lw:.0f}\t{ww:.0f}\t{lw / ww:.2f}x\t{lc:.0f}\t{wc:.0f}{rate}")
EOF
