// SUntypedSignal is being written on another branch. Its cases go here, one
// `ScenarioCase(.sN, .untyped) { size in ... }` per scenario, doing exactly what the
// typed case of the same scenario does (see TypedScenarios.swift) and returning the
// number of values its sink received. Add `SUntypedSignal` to the dependencies of the
// Scenarios target in Package.swift, import it here, and the harness picks the cases
// up: they get a row in the table, a ratio to OpenCombine and the
// `untypedToTyped` check of thresholds.json, with no other change.

/// The SUntypedSignal cases (none yet).
func untypedScenarios() -> [ScenarioCase] {
    []
}
