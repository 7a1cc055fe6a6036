#!/bin/bash
# Parallelism 1 vs 2 of `weft index --runner flink` on a Flink session cluster in separate processes on this
# machine: one JobManager and two TaskManagers of one slot each, started from the fat jar (see docs/benchmarks.md,
# "Flink session cluster: parallelism 1 vs 2", and docs/operations.md, "Flink cluster").
#
#   bench/flink-session-parallelism.sh [JAR] [CORPUS] [WORK_DIR]      (ORDER="1 2 1 2" by default)
#
# Every index is built cold into an empty directory; the staging is a directory outside the index. The cluster is
# killed on exit, whatever happened.
set -u
JAR=$(realpath "${1:-jobs/target/weft.jar}")
CORPUS=$(realpath "${2:-/work/bench-data/tree-java}")
W=$(realpath -m "${3:-/tmp/weft-flink-bench}")
REST=${REST_PORT:-47081}
mkdir -p "$W/conf" "$W/tmp"
cat > "$W/conf/flink-conf.yaml" <<CONF
jobmanager.rpc.address: localhost
jobmanager.bind-host: localhost
jobmanager.rpc.port: $((REST + 42))
rest.address: localhost
rest.bind-address: localhost
rest.port: $REST
blob.server.port: $((REST + 43))
taskmanager.host: localhost
taskmanager.bind-host: localhost
taskmanager.numberOfTaskSlots: 1
jobmanager.memory.process.size: 768m
taskmanager.cpu.cores: 1
taskmanager.memory.task.heap.size: 384m
taskmanager.memory.task.off-heap.size: 0m
taskmanager.memory.framework.heap.size: 128m
taskmanager.memory.framework.off-heap.size: 128m
taskmanager.memory.managed.size: 64m
taskmanager.memory.network.min: 32m
taskmanager.memory.network.max: 32m
taskmanager.memory.jvm-metaspace.size: 256m
taskmanager.memory.jvm-overhead.min: 128m
taskmanager.memory.jvm-overhead.max: 128m
security.module.factory.classes: org.apache.flink.runtime.security.modules.JaasModuleFactory
security.context.factory.classes: org.apache.flink.runtime.security.contexts.NoOpSecurityContextFactory
classloader.resolve-order: parent-first
io.tmp.dirs: $W/tmp
CONF
PIDS=()
trap 'kill "${PIDS[@]}" 2>/dev/null' EXIT
java -Xmx512m -cp "$JAR" org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint \
  --configDir "$W/conf" > "$W/jobmanager.out" 2>&1 & PIDS+=($!)
for i in 0 1; do
  java -Xmx640m -cp "$JAR" org.apache.flink.runtime.taskexecutor.TaskManagerRunner \
    --configDir "$W/conf" > "$W/taskmanager-$i.out" 2>&1 & PIDS+=($!)
done
up=""
for _ in $(seq 1 120); do
  if curl -s -m 2 "localhost:$REST/overview" | grep -q '"taskmanagers":2'; then up=yes; break; fi
  sleep 1
done
[ -n "$up" ] || { echo "the cluster was not up within 120 s; read $W/*.out" >&2; exit 1; }
for p in ${ORDER:-1 2 1 2}; do
  rm -rf "$W/index" "$W/staging"
  start=$(date +%s.%N)
  java -jar "$JAR" index "$CORPUS" --index="$W/index" --runner=flink --flink-master="localhost:$REST" \
    --parallelism="$p" --staging="file://$W/staging" --quiet > "$W/run-p$p.out" 2>&1
  rc=$?
  end=$(date +%s.%N)
  echo "parallelism=$p exit=$rc wall_s=$(echo "$end - $start" | bc) load=$(cut -d' ' -f1-3 /proc/loadavg)" \
    "$(grep -m1 'published' "$W/run-p$p.out")"
done
# the Flink job's own duration, without the driver's planning, submission (jar upload) and merge
curl -s "localhost:$REST/jobs/overview" | python3 -c 'import json,sys
for j in sorted(json.load(sys.stdin)["jobs"], key=lambda j: j["start-time"]):
    print("job duration_ms", j["duration"], "tasks", j["tasks"]["total"])'
