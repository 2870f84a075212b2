import SignalSync

extension LiveObjectCounter {
    /// The live count once it equals `target`, or whatever it is after `seconds`.
    ///
    /// Objects of earlier tests may still be on their way out (a subscription releases
    /// its callbacks on the thread that ends it); waiting for the expected count keeps
    /// the leak tests exact without making them timing-dependent.
    package func settled(at target: Int, within seconds: Double = 10) async -> Int {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while current != target && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
        return current
    }
}
