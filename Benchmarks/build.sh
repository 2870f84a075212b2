#!/usr/bin/env bash
# Builds the Benchmarks package in release, for run.sh and .ci/instructions, so that it
# measures the library as it is now. SwiftPM misses two kinds of change to the library (a
# path dependency here): a file added to it ("cannot find type"), which dropping the
# cached build plan fixes; and a changed `@inlinable` body, whose specialized copies in the
# scenarios' objects it keeps (seen with OrderedSlots: typed S10 kept its old count), which
# dropping the objects of the library's modules and the scenarios fixes whenever a library
# source is newer than them.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
rm -f "$here/.build/release.yaml"
scenarios="$here/.build/release/Scenarios.build/Scenario.swift.o"
if [ -f "$scenarios" ] && [ -n "$(find "$here/../Sources" -name '*.swift' -newer "$scenarios" -print -quit)" ]; then
  for module in Scenarios Ratios SignalSync SignalSyncStack STypedSignal SUntypedSignal Bridge; do
    rm -rf "$here/.build/release/$module.build"
  done
fi
swift build -c release --quiet --package-path "$here"
