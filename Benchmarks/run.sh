#!/usr/bin/env bash
# The one command of the Benchmarks package: builds it in release, counts allocations
# per op with package-benchmark's malloc interposer, times every scenario side by side
# with OpenCombine and swift-async-algorithms (three processes of 3 runs each, pooled,
# unless --runs N asks for N runs in one process: the median, with the min and max beside
# it; with 3, and then 5 or 9 runs in one process, medians moved enough from one process
# to the next to miss the tighter limits by noise), prints the table and checks
# thresholds.json's limits on the medians (its targets are reported beside them, never
# failing a run), and prints the footprint rows (M1–M7: bytes and allocations per live
# subscription, checked against footprint.json). Exits 1 when a limit is missed, 2 on any
# other failure.
# A full run (no arguments) also rewrites the results table of README.md (between its
# `<!-- results:begin -->` and `<!-- results:end -->` markers) and redraws latest.svg;
# a run with any argument writes neither (unless it passes --readme FILE or --svg FILE).
#
#   Benchmarks/run.sh                  # everything; rewrites README.md's table and latest.svg
#   Benchmarks/run.sh --only S1,S2     # some scenarios (their OpenCombine references come too)
#   Benchmarks/run.sh --only M1,M4     # some footprint rows (and no scenario)
#   Benchmarks/run.sh --runs 9         # 9 timed runs per case in one process (no pooling)
#   Benchmarks/run.sh --svg /tmp/chart.svg          # also draw the ratios as a bar chart
#   Benchmarks/run.sh --only S1 --readme /tmp/README.md   # write the (partial) table into a
#                                      # copy of the README, to check its rendering
#   Benchmarks/run.sh --scaling        # only the scaling pass (per-op cost of the containers
#                                      # at 100 to 100,000 members, growth checked)
#
# After the timing pass, the scaling pass runs (not with --only): it fails the run too when
# a container's per-op cost grows beyond thresholds.json's `scalingGrowth`.
#
# Extra arguments go to both passes of the `ratios` executable (--runs, --svg and
# --readme only to timing).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

# Only a full run, every scenario at its full size in three pooled processes, is the
# record: it alone rewrites the README's table and the chart.
record=()
[ "$#" -gt 0 ] || record=(--readme "$here/README.md" --svg "$here/latest.svg")

echo "== building (release)" >&2
"$here/build.sh" >&2 || exit 2
bin=$(swift build -c release --package-path "$here" --show-bin-path)
interposer="$bin/libMallocInterposerSwift.so"
[ -f "$interposer" ] || { echo "run.sh: $interposer was not built" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Runs `ratios` with the given arguments in three processes of 3 runs, each saving what it
# measured to $work/<name><process>.json, and prints those paths, comma-separated, for
# --pool: a library's speed moves more from one process to the next (where its code and
# data landed) than between the runs of one process.
three_processes() {
  local name=$1 parts=() process
  shift
  for process in 1 2 3; do
    echo "   process $process of 3" >&2
    "$bin/ratios" "$@" --runs 3 --save-timings "$work/$name$process.json" || return 2
    parts+=("$work/$name$process.json")
  done
  (IFS=,; echo "${parts[*]}")
}

# The scaling pass in three processes, pooled (the least at each size): where a process's
# memory landed moved the largest size's figures by up to half from one process to the
# next. Extra arguments (--case, --sizes) go to every process.
scaling_pass() {
  echo "== scaling" >&2
  local pooled
  pooled=$(three_processes scaling --scaling "$@") || return 2
  "$bin/ratios" --scaling --thresholds "$here/thresholds.json" --pool "$pooled" "$@"
}

if [ "${1:-}" = "--scaling" ]; then
  status=0
  scaling_pass "${@:2}" || status=$?
  exit "$status"
fi

# Options that the allocation pass shares (it makes one run per case, so no --runs).
shared=()
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  case "${args[$i]}" in
    --only|--scale) shared+=("${args[$i]}" "${args[$((i + 1))]}"); i=$((i + 1)) ;;
  esac
done

allocations="$work/allocations.json"
echo "== counting allocations (malloc interposer)" >&2
LD_PRELOAD="$interposer" "$bin/ratios" allocations "${shared[@]}" > "$allocations" || exit 2
# The footprint rows' allocations, for the report's footprint table (whose bytes the
# report measures in its own process, on the system allocator).
footprint="$work/footprint.json"
LD_PRELOAD="$interposer" "$bin/ratios" footprint "${shared[@]}" > "$footprint" || exit 2

echo "== timing" >&2
status=0
report=("$bin/ratios" --thresholds "$here/thresholds.json" --allocations "$allocations"
  --footprint-allocations "$footprint" --footprint-limits "$here/footprint.json")
if printf '%s\n' "$@" | grep -qx -- --runs; then
  "${report[@]}" "$@" || status=$?
else
  pooled=$(three_processes timings "$@") || exit 2
  "${report[@]}" --pool "$pooled" "${record[@]}" "$@" || status=$?
fi
[ "$status" -le 1 ] || exit "$status"

only=0
for arg in "$@"; do [ "$arg" = "--only" ] && only=1; done
if [ "$only" = 0 ]; then
  scaling=0
  scaling_pass || scaling=$?
  [ "$scaling" -le 1 ] || exit "$scaling"
  [ "$scaling" = 0 ] || status=1
fi
exit "$status"
