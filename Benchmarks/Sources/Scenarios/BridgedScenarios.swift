// Cases that cross the Bridge module (typed source -> untyped operators -> typed
// sink, or the reverse) go here, as `ScenarioCase(.sN, .bridged) { size in ... }`.
// Add `Bridge` (and `SUntypedSignal`) to the Scenarios target's dependencies in
// Package.swift; the harness lists them with no other change.

/// The bridged cases (none yet).
func bridgedScenarios() -> [ScenarioCase] {
    []
}
