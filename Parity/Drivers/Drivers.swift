/// Runs a scenario on one driver.
enum Drivers {
    /// - Parameter world: the world to run in (a test that checks what the run leaves
    ///   behind passes its own and watches it go).
    static func run(_ driver: Driver, _ scenario: Scenario, in world: ScenarioWorld = ScenarioWorld()) -> [String] {
        switch driver {
        case .typed: return TypedDriver.run(scenario, in: world)
        case .untyped: return UntypedDriver.run(scenario, in: world)
        case .typedThroughUntyped: return TypedThroughUntypedDriver.run(scenario, in: world)
        case .untypedThroughTyped: return UntypedThroughTypedDriver.run(scenario, in: world)
        }
    }
}
