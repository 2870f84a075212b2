#!/usr/bin/env bash
# Instructions per op under callgrind: stable where wall time on a shared machine is
# not. For each scenario and implementation, runs the case at two sizes (scale 0.1
# and 0.2 of the issue's size, one timed run each, after the usual warm-up) and
# divides the difference in instructions by the difference in ops, so start-up and
# one-time costs cancel out. Keeps the callgrind files for callgrind_annotate.
#
#   Benchmarks/instructions.sh S1,S2 typed,OpenCombine
#
# Needs valgrind and a release build (Benchmarks/build.sh, which run.sh calls; a plain
# swift build can leave stale copies of the library's inlinable code).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
scenarios=${1:-S1,S2}
implementations=${2:-typed,OpenCombine}
built=$(swift build -c release --package-path "$here" --show-bin-path)
[ -x "$built/ratios" ] || { echo "instructions: no release build; run: Benchmarks/build.sh" >&2; exit 2; }
out=${CALLGRIND_DIR:-$(mktemp -d)}
# valgrind 3.19 rejects the debug info of the release binary as corrupt: run a copy
# without it (symbols stay, so callgrind_annotate still names functions).
bin="$out/bin"
mkdir -p "$bin"
cp "$built/ratios" "$bin/ratios"
strip -g "$bin/ratios"
printf '%-10s %-12s %s\n' scenario implementation "instructions/op"
for scenario in ${scenarios//,/ }; do
  for implementation in ${implementations//,/ }; do
    counts=()
    for scale in 0.1 0.2; do
      file="$out/callgrind.$scenario.$implementation.$scale.out"
      valgrind --tool=callgrind --callgrind-out-file="$file" "$bin/ratios" --only "$scenario" --alone \
        --implementation "$implementation" --runs 1 --scale "$scale" --no-scaling > /dev/null 2> "$file.log"
      counts+=("$(grep -E 'refs:' "$file.log" | awk '{gsub(",", "", $NF); print $NF}')")
    done
    # Ops per run: the scenario's size (S3: times 100 subscribers), +10% for the
    # warm-up run; sizes are those of Scenario.defaultSize. (S12's 1,000 rows are
    # subscribed and disposed in every run, whatever its size: they cancel out, and its
    # count is per push with its share of the cell sets and re-subscriptions.)
    case "$scenario" in
      S1|S8|S9|S16) size=1000000 ;; S2|S2g|S3|S11|S13) size=100000 ;; S5|S5b) size=250000 ;; S12) size=10000 ;;
      S14|S15) size=500000 ;; *) size=200000 ;;
    esac
    [ "$scenario" = S3 ] && size=$((size * 100))
    [ "$scenario" = S13 ] && size=$((size * 10))
    ops=$((size / 10 + size / 100))  # (0.2 - 0.1) × size × 1.1
    printf '%-10s %-12s %s\n' "$scenario" "$implementation" "$(( (counts[1] - counts[0]) / ops ))"
  done
done
echo "callgrind files: $out" >&2
