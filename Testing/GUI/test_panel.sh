#!/usr/bin/env bash
# Loom panel test: runs TestLoomPanel (ParaView's client core, Qt offscreen) with the Loom plugin.
# Arguments: the test program, the plugin, an output folder, the baseline picture of the panel (empty:
# none), and for a remote session mpiexec and pvserver: a 2-rank pvserver on a free port is started and
# the test connects to it.
set -euo pipefail
program=$1 plugin=$2 out_dir=$3 baseline=${4:-}
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$out_dir"
export QT_QPA_PLATFORM=offscreen
args=("$plugin")
server_pid=
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; wait 2>/dev/null || true; }
trap cleanup EXIT
if [ $# -ge 6 ]; then
  mpiexec=$5 pvserver=$6
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
  port=$((20000 + RANDOM % 20000))
  "$mpiexec" -n 2 "$pvserver" --server-port=$port >"$out_dir/pvserver.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 300); do grep -q "Accepting connection" "$out_dir/pvserver.log" && break; sleep 0.1; done
  grep -q "Accepting connection" "$out_dir/pvserver.log" || { echo "pvserver did not start"; cat "$out_dir/pvserver.log"; exit 1; }
  args+=(--server "cs://localhost:$port" --ranks 2)
fi
[ -n "$baseline" ] && args+=(--screenshot "$out_dir/loom_panel.png")
"$program" "${args[@]}"
if [ -n "$baseline" ]; then
  if [ ! -f "$baseline" ]; then
    echo "no baseline at $baseline: copy $out_dir/loom_panel.png there after checking it by eye"; exit 1
  fi
  pvpython "$here/compare_images.py" "$out_dir/loom_panel.png" "$baseline" 15
fi
echo "Loom panel test passed"
